// The `chainlytics` command. Each subcommand is a thin wrapper: parse flags, load and validate
// the configuration, then hand over to src/app. A failure is printed as src/app/fatal-error.ts
// words it (exit code 2 for what a user can fix, 1 otherwise, secrets scrubbed).
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_HISTORY_DAYS, DEFAULT_SEED, DEFAULT_TX_PER_DAY } from '../app/devnet-mode.js';
import { fatalReport } from '../app/fatal-error.js';
import { LOG_FORMATS, LOG_LEVELS, setUpLogging } from '../app/logging.js';
import { UWS_REMOVED } from '../registry/server-settings.js';
import { CliError } from './cli-error.js';
import { runBuild, runCheckConfig, runChains, runDevnet, runIngest, runNginxConfig, runServe } from './commands.js';
import { environmentHelp } from './environment-help.js';
import { packageVersion } from './package-version.js';

function int(name: string, min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}, got "${v}"`);
    return n;
  };
}

function onlyNodeTransport(v: string): 'node' {
  if (v !== 'node') throw new InvalidArgumentError(UWS_REMOVED);
  return v;
}

const program = new Command()
  .name('chainlytics')
  .description('Open chain analytics: ingest EVM chains over JSON-RPC, compute metrics, serve JSON documents.')
  .version(packageVersion(), '-V, --version', 'print the version and exit')
  .option('--debug', 'print the stack trace of an unexpected error (any command)')
  .addHelpText('after', environmentHelp())
  .showHelpAfterError();

// The commands that log. The flags win over LOG_LEVEL and LOG_FORMAT; both are checked (and
// applied) before the command runs, so a bad value stops it with a clear message.
const logFlags = (c: Command): Command =>
  c
    .addOption(new Option('--log-level <level>', 'log level (default info, or $LOG_LEVEL)').choices(LOG_LEVELS))
    .addOption(
      new Option('--log-format <format>', 'log lines: pretty (short human lines), json (one JSON object per line), or auto: pretty on a terminal, json otherwise (default auto, or $LOG_FORMAT)').choices(
        LOG_FORMATS,
      ),
    )
    .hook('preAction', (cmd) => setUpLogging(cmd.opts<{ logLevel?: string; logFormat?: string }>()));

const devnetFlags = (c: Command): Command =>
  c
    .option('--devnet-days <n>', `devnet: days of history (without --config; default ${DEFAULT_HISTORY_DAYS})`, int('--devnet-days', 1, 730))
    .option('--devnet-tx-per-day <n>', `devnet: mean transactions per day per chain (default ${DEFAULT_TX_PER_DAY})`, int('--devnet-tx-per-day', 1, 1_000_000))
    .option('--devnet-seed <n>', `devnet: seed of the simulated chains (default ${DEFAULT_SEED})`, int('--devnet-seed', 0, 2 ** 31 - 1));

logFlags(devnetFlags(
  program
    .command('serve', { isDefault: true })
    .description('ingest, compute and serve every document (the built-in devnet chains when no --config is given)')
    .option('-c, --config <file>', 'configuration file (YAML); see examples/chainlytics.example.yaml')
    .option('-p, --port <n>', 'HTTP port (default 8080, or $PORT)', int('--port', 1, 65535))
    .option('--host <addr>', 'address to listen on (default 0.0.0.0)')
    // Hidden: kept so a unit file written for two HTTP stacks gets the reason instead of "unknown option".
    .addOption(new Option('--transport <name>').hideHelp().argParser(onlyNodeTransport))
    .option('--data-dir <dir>', 'where the DuckDB file lives (default ./data)')
    .option('--access-log', 'write a log line per HTTP request (on a terminal it is off unless given; in JSON logs server.access_log decides, default on)')
    .option('--no-access-log', 'write no access log, whatever server.access_log says'),
)).action(runServe);

logFlags(devnetFlags(
  program
    .command('build')
    .description('catch up, compute facts and write every document to a directory (DIR/v1/...json with .gz and .br) for a static host')
    .requiredOption('-o, --out <dir>', 'output directory')
    .option('-c, --config <file>', 'configuration file (YAML)')
    .option('--data-dir <dir>', 'where the DuckDB file lives (default ./data)')
    .option('--no-ingest', 'build from the blocks stored, without fetching new ones (prices and facts are brought up to date)'),
)).action(runBuild);

logFlags(devnetFlags(
  program
    .command('ingest')
    .description('ingest the configured chains into the store (once, or --follow the heads)')
    .option('-c, --config <file>', 'configuration file (YAML)')
    .option('--data-dir <dir>', 'where the DuckDB file lives (default ./data)')
    .option('--follow', 'keep following the chain heads until interrupted')
    .option('--chains <keys>', 'only these configured chains, comma-separated origin_keys (split chains over several ingest processes sharing a ClickHouse store)', (v: string) =>
      v.split(',').map((k) => k.trim()).filter((k) => k !== ''),
    ),
)).action(runIngest);

program
  .command('devnet')
  .description('run the simulated chains and price feed on loopback and print their URLs')
  // The same defaults as serve's --devnet-* flags: one simulated history, whichever command starts it.
  .option('--days <n>', 'days of history', int('--days', 1, 730), DEFAULT_HISTORY_DAYS)
  .option('--tx-per-day <n>', 'mean transactions per day per chain', int('--tx-per-day', 1, 1_000_000), DEFAULT_TX_PER_DAY)
  .option('--seed <n>', 'seed', int('--seed', 0, 2 ** 31 - 1), DEFAULT_SEED)
  .action(runDevnet);

program
  .command('check-config')
  .description('validate a configuration file; print the resolved chains and which metrics each will publish (and why not)')
  .argument('<file>')
  .option('--json', 'print the report as JSON instead of a table')
  .action((file: string, flags: { json?: boolean }) => runCheckConfig(file, flags));
program
  .command('chains')
  .description('list the built-in chains (an operator only adds rpc_urls)')
  .option('--json', 'print them as JSON instead of a table')
  .action(runChains);

program
  .command('nginx-config')
  .description('print the nginx site (deploy/nginx) that serves a `build --out` directory; include it in nginx\'s http {} block')
  .requiredOption('--root <dir>', 'the directory build --out writes (holds v1/)')
  .requiredOption('--listen <addr>', 'nginx listen address: a port, or address:port (e.g. 80, 127.0.0.1:8081)')
  .option('--public-base-url <url>', 'public URL without /v1, named in X-Data-Source (default: the relative /v1)')
  .option('--live-upstream <host:port>', 'where chainlytics serve listens, for the live stream /events, /api/, /health (default: 127.0.0.1:8080)')
  .action(runNginxConfig);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const { text, exitCode } = fatalReport(err, { debug: program.opts<{ debug?: boolean }>().debug === true, fixable: err instanceof CliError });
  process.stderr.write(text);
  process.exit(exitCode);
}

// The one CSV reader of the operator's files (price CSVs, tvl/app_revenue CSVs, OLI label
// exports), on csv-parse: RFC 4180 quoting (a field may hold commas, "" and line breaks), a
// byte-order mark, CRLF, LF or CR line ends, blank lines and a trailing newline. Fields are
// trimmed, since spreadsheets and hand edits leave spaces around them. Each record keeps the
// file line it starts on, so every source can name the line in its own messages; what a
// record must hold is each source's business.
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** Text that is not CSV at all (a quote left open, text after a closing quote). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CsvSyntaxError';
  }
}

export function readCsvRecords(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  // The line a record starts on, counted here: the parser's info gives the line a record ends
  // on, and (csv-parse 7.0.3) counts a CRLF inside quotes as two lines.
  let line = 1;
  try {
    parse(text, {
      bom: true,
      trim: true,
      // A quote inside an unquoted field is a character (a contract named 5" Pool), as it was.
      relax_quotes: true,
      // Each source says which column count it expects, in its own words.
      relax_column_count: true,
      // All three line ends in one file (a file appended to by another tool); the parser's
      // own detection settles on the first one it meets and reads the others as text.
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (fields: string[]) => {
        // A blank line is no record (a trailing newline, spacing between blocks).
        if (!(fields.length === 1 && fields[0] === '')) out.push({ line, fields });
        line += 1 + lineBreaks(fields);
        return null; // collected above, with the line
      },
    });
  } catch (err) {
    // Errors from the parser occur in the record after the last one collected.
    if (err instanceof CsvError) throw new CsvSyntaxError(line, describe(err));
    throw err;
  }
  return out;
}

function lineBreaks(fields: string[]): number {
  let n = 0;
  for (const f of fields) n += f.match(/\r\n|\r|\n/g)?.length ?? 0;
  return n;
}

function describe(err: CsvError): string {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed (a " opens it and the file ends before its closing ")';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text follows the closing quote of a field (inside quotes, a quote is written "")';
    default:
      return err.message;
  }
}

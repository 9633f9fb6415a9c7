// The dashboard's entry: the page frame (navigation, theme switch) and the routes. Every page
// reads only the public /v1 documents of the server it is served from.
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { NotFound } from './components/controls.js';
import { watchDocuments } from './document-watch.js';
import { ApiExplorerPage } from './pages/api-explorer.js';
import { AppPage } from './pages/app.js';
import { AppsPage } from './pages/apps.js';
import { BlockspaceOverviewPage } from './pages/blockspace-overview.js';
import { BlockspacePage } from './pages/blockspace.js';
import { CategoryComparisonPage } from './pages/category-comparison.js';
import { ChainPage } from './pages/chain.js';
import { ChainsPage } from './pages/chains.js';
import { EconomicsPage } from './pages/economics.js';
import { EcosystemPage } from './pages/ecosystem.js';
import { DataAvailabilityPage } from './pages/data-availability.js';
import { FeeChartPage } from './pages/fee-chart.js';
import { FeesPage } from './pages/fees.js';
import { LandingPage } from './pages/landing.js';
import { MetricPage } from './pages/metric.js';
import { href, parseHash, useRoute, type Route } from './route.js';
import { toggleTheme, useTheme } from './theme.js';
import './style.css';

function page(route: Route): [title: string, section: string, body: preact.JSX.Element] {
  const [first = '', key, extra] = route.segments;
  if (extra === undefined) {
    if (first === '' && key === undefined) return ['Chains', 'chains', <ChainsPage route={route} />];
    if (first === 'chain' && key) return [key, 'chains', <ChainPage key={key} route={route} chain={key} />];
    if (first === 'metric' && key) return [key, 'chains', <MetricPage key={key} route={route} metric={key} />];
    if (first === 'landing' && key === undefined) return ['Landing page', 'landing', <LandingPage route={route} />];
    if (first === 'ecosystem' && key === undefined) return ['Ecosystem', 'ecosystem', <EcosystemPage route={route} />];
    if (first === 'fees' && key === undefined) return ['Fees', 'fees', <FeesPage route={route} />];
    if (first === 'fees' && key === 'chart') return ['Fees over time', 'fees', <FeeChartPage route={route} />];
    if (first === 'blockspace' && key === undefined) return ['Blockspace', 'blockspace', <BlockspaceOverviewPage route={route} />];
    if (first === 'blockspace' && key) return [`Blockspace of ${key}`, 'blockspace', <BlockspacePage key={key} route={route} chain={key} />];
    if (first === 'economics' && key === undefined) return ['Economics', 'economics', <EconomicsPage route={route} />];
    if (first === 'data-availability' && key === undefined) return ['Data availability', 'da', <DataAvailabilityPage route={route} />];
    if (first === 'apps' && key === undefined) return ['Applications', 'apps', <AppsPage route={route} />];
    if (first === 'app' && key) return [key, 'apps', <AppPage key={key} route={route} project={key} />];
    if (first === 'categories' && key === undefined) return ['Category comparison', 'categories', <CategoryComparisonPage route={route} />];
    if (first === 'api' && key === undefined) return ['API explorer', 'api', <ApiExplorerPage route={route} />];
  }
  return ['Not found', '', <NotFound what="There is no such page." />];
}

function App() {
  const route = useRoute();
  const theme = useTheme();
  const main = useRef<HTMLElement>(null);
  const [title, section, body] = page(route);
  const path = route.segments.join('/');
  useEffect(() => {
    document.title = `${title} · chainlytics`;
  }, [title]);
  // A new page moves keyboard focus to its content, as a page load would.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [path]);
  const nav: [string, string, string][] = [
    ['chains', href([]), 'Chains'],
    ['landing', href(['landing']), 'Landing'],
    ['ecosystem', href(['ecosystem']), 'Ecosystem'],
    ['fees', href(['fees']), 'Fees'],
    ['economics', href(['economics']), 'Economics'],
    ['da', href(['data-availability']), 'Data availability'],
    ['apps', href(['apps']), 'Applications'],
    ['blockspace', href(['blockspace']), 'Blockspace'],
    ['categories', href(['categories']), 'Categories'],
    ['api', href(['api']), 'API'],
  ];
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={href([])}>
          chainlytics
        </a>
        <nav aria-label="Main">
          {nav.map(([key, link, text]) => (
            <a key={key} href={link} aria-current={key === section ? 'page' : undefined}>
              {text}
            </a>
          ))}
        </nav>
        <button type="button" class="theme" onClick={toggleTheme} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {body}
      </main>
      <footer class="muted small">
        Data from this server's public API: <a href={href(['api'])}>the API explorer</a>, <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </footer>
    </>
  );
}

// The same page is served at /docs (the server, and nginx for an export): there it opens on the
// API explorer.
if (/\/docs\/?$/.test(location.pathname) && parseHash(location.hash).segments.length === 0) history.replaceState(null, '', `${location.pathname}${href(['api'])}`);

// The document stream first, then the page's documents (CONTRACT.md 12.7).
watchDocuments();
render(<App />, document.getElementById('app')!);

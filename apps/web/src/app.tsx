import type { ComponentType } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { requestJson } from './api/http';
import { Link, navigate, usePath } from './lib/router';
import { SessionProvider, useSession } from './lib/session';
import { AccountScreen } from './screens/account/account-screen';
import { AdminScreen } from './screens/admin/admin-screen';
import { BooksScreen } from './screens/books/books-screen';
import { IdeationScreen } from './screens/ideation/ideation-screen';
import { PuzzlesScreen } from './screens/puzzles/puzzles-screen';
import { ForgotPasswordScreen } from './screens/recovery/forgot-password-screen';
import { ResetPasswordScreen } from './screens/recovery/reset-password-screen';
import { ScriptsScreen } from './screens/scripts/scripts-screen';
import { SpecsScreen } from './screens/specs/specs-screen';
import { StartScreen } from './screens/start/start-screen';

/** Where the docs site is served (it arrives from the docs branch; see docs/console.md). */
export const DOCS_PATH = '/docs/';

interface Screen {
  path: string;
  label: string;
  component: ComponentType;
  /** Listed in the navigation for admins only (the screen itself also says so to others). */
  adminOnly?: boolean;
  /** Reached by a link (a mail, a form), never listed in the navigation. */
  unlisted?: boolean;
}

/** The console's screens; their paths are the server's SPA fallback list (console-routes.json). */
export const SCREENS: readonly Screen[] = [
  { path: '/', label: 'Start', component: StartScreen },
  { path: '/puzzles', label: 'Puzzles', component: PuzzlesScreen },
  { path: '/books', label: 'Books', component: BooksScreen },
  { path: '/ideation', label: 'Ideation', component: IdeationScreen },
  { path: '/scripts', label: 'Scripts', component: ScriptsScreen },
  { path: '/specs', label: 'Specs', component: SpecsScreen },
  { path: '/account', label: 'Account', component: AccountScreen },
  { path: '/admin', label: 'Admin', component: AdminScreen, adminOnly: true },
  {
    path: '/forgot-password',
    label: 'Forgot your password',
    component: ForgotPasswordScreen,
    unlisted: true,
  },
  { path: '/reset-password', label: 'Choose a new password', component: ResetPasswordScreen, unlisted: true },
];

function SessionBadge() {
  const { user, refresh } = useSession();
  if (user === undefined) return <span class="session-badge">…</span>;
  if (user === null)
    return (
      <Link class="session-badge" href="/">
        Sign in
      </Link>
    );
  const signOut = async () => {
    await requestJson('/auth/logout', { method: 'POST' }).catch(() => undefined);
    await refresh();
    navigate('/');
  };
  return (
    <span class="session-badge">
      <span class="session-email">{user.email}</span>
      <button type="button" class="link-button" onClick={signOut}>
        Sign out
      </button>
    </span>
  );
}

function Header({ path }: { path: string }) {
  const { user } = useSession();
  const screens = SCREENS.filter(
    (screen) => !screen.unlisted && (!screen.adminOnly || user?.isAdmin === true),
  );
  return (
    <header class="site-header">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <div class="brand">
        <Link href="/">svc</Link>
      </div>
      <nav aria-label="Console">
        <ul>
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link href={screen.path} aria-current={screen.path === path ? 'page' : undefined}>
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search class="docs-search">
        <form action={DOCS_PATH} method="get">
          <label for="docs-query" class="visually-hidden">
            Search the docs
          </label>
          <input id="docs-query" name="q" type="search" placeholder="Search the docs" />
        </form>
        <a href={DOCS_PATH}>Docs</a>
      </search>
      <SessionBadge />
    </header>
  );
}

function NotFound() {
  return (
    <section>
      <h1 tabIndex={-1}>Not found</h1>
      <p>
        This page is not part of the console. <Link href="/">Back to the start</Link>.
      </p>
    </section>
  );
}

function Main({ path }: { path: string }) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const { refresh } = useSession();
  const screen = SCREENS.find((candidate) => candidate.path === path);
  const Component = screen?.component ?? NotFound;
  // After an in-app navigation, move focus to the new screen's heading, as a page load would.
  useEffect(() => {
    document.title = screen ? `${screen.label} · svc console` : 'svc console';
    if (first.current) {
      first.current = false;
      return;
    }
    // Roles and membership can change elsewhere (an admin's grant): each screen starts from the current session.
    void refresh();
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path]);
  return (
    <main id="main" ref={main}>
      <Component />
    </main>
  );
}

/** The console: header, the screen of the current path, and a footer with the docs link. */
export function App() {
  const path = usePath();
  return (
    <SessionProvider>
      <Header path={path} />
      <Main path={path} />
      <footer class="site-footer">
        <a href={DOCS_PATH}>Documentation</a> · <a href="/openapi.json">OpenAPI</a>
      </footer>
    </SessionProvider>
  );
}

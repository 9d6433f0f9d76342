/**
 * The console: asks the server for the session when it loads, then shows the screen of the
 * address (signed in) or the sign-in form at that same address (signed out), so that signing in
 * leads where the person was going. Signing out, or a session that ends, leads back to the form.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionAnswer } from '@locator/core/console-api';
import { Spinner } from '../components/Spinner';
import { Route, Routes, useLocation, useNavigate } from '../lib/router';
import type { ConsoleClient } from './api/client';
import { SignInForm } from './session/SignInForm';
import type { Message } from './session/sign-in-error';
import { SSO_ERROR_PARAM, SSO_START_PATH, ssoErrorMessage } from './session/sso-error';
import { ConsoleLayout } from './shell/ConsoleLayout';
import { NotFoundScreen } from './shell/NotFoundScreen';
import { Unavailable } from './shell/Unavailable';
import { useDocumentTitle } from './shell/useDocumentTitle';

const HomeScreen = lazy(() => import('./shell/HomeScreen'));
const StoreScreen = lazy(() => import('./stores/StoreScreen'));
const StoresScreen = lazy(() => import('./stores/StoresScreen'));
const ImportScreen = lazy(() => import('./imports/ImportScreen'));
const KeysScreen = lazy(() => import('./keys/KeysScreen'));
const WebhooksScreen = lazy(() => import('./webhooks/WebhooksScreen'));
const DemandScreen = lazy(() => import('./demand/DemandScreen'));

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'signedOut'; notice?: Message; error?: Message }
  | { kind: 'signedIn'; session: ConsoleSessionAnswer };

function Loading() {
  const { t } = useTranslation();
  return <Spinner label={t('loading')} />;
}

function SignInScreen(props: Parameters<typeof SignInForm>[0]) {
  useDocumentTitle('signIn.title');
  return <SignInForm {...props} />;
}

/**
 * Why a single sign-on came back without a session (the address's `ssoError`), read once; the
 * parameter leaves the address so that a reload does not show it again.
 */
function useSsoError(): Message | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [error] = useState(() => {
    const code = new URLSearchParams(location.search).get(SSO_ERROR_PARAM);
    return code === null ? undefined : ssoErrorMessage(code);
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(SSO_ERROR_PARAM)) return;
    params.delete(SSO_ERROR_PARAM);
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, {
      replace: true,
    });
  }, [location, navigate]);
  return error;
}

export interface ConsoleAppProps {
  client: ConsoleClient;
  /** Whether the server offers single sign-on (the page's boot value). */
  sso?: boolean;
}

export function ConsoleApp({ client, sso = false }: ConsoleAppProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const ssoError = useSsoError();

  const readSession = useCallback(
    () =>
      client.session().then(
        (session) =>
          setState(
            session
              ? { kind: 'signedIn', session }
              : { kind: 'signedOut', ...(ssoError ? { error: ssoError } : {}) },
          ),
        () => setState({ kind: 'unavailable' }),
      ),
    [client, ssoError],
  );
  const retry = () => {
    setState({ kind: 'loading' });
    void readSession();
  };

  useEffect(() => {
    void readSession();
  }, [readSession]);
  useEffect(
    () =>
      client.onSessionLost(() =>
        setState({ kind: 'signedOut', notice: { key: 'signIn.notice.sessionEnded' } }),
      ),
    [client],
  );

  const signIn = async (email: string, password: string) => {
    const session = await client.signIn(email, password);
    setState({ kind: 'signedIn', session });
  };
  const signOut = (everywhere: boolean) => async () => {
    await (everywhere ? client.signOutEverywhere() : client.signOut());
    const key = everywhere ? 'signIn.notice.signedOutEverywhere' : 'signIn.notice.signedOut';
    setState({ kind: 'signedOut', notice: { key } });
  };

  if (state.kind !== 'signedIn') {
    return (
      <ConsoleLayout>
        {state.kind === 'loading' ? <Loading /> : null}
        {state.kind === 'unavailable' ? <Unavailable onRetry={retry} /> : null}
        {state.kind === 'signedOut' ? (
          <SignInScreen
            onSignIn={signIn}
            notice={state.notice}
            error={state.error}
            ssoStart={sso ? SSO_START_PATH : undefined}
          />
        ) : null}
      </ConsoleLayout>
    );
  }
  const { account } = state.session;
  return (
    <ConsoleLayout account={account}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            path="/admin"
            element={
              <HomeScreen
                account={account}
                onSignOut={signOut(false)}
                onSignOutEverywhere={signOut(true)}
              />
            }
          />
          <Route
            path="/admin/stores/:storeId"
            element={<StoreScreen client={client} role={account.role} />}
          />
          <Route path="/admin/stores" element={<StoresScreen client={client} />} />
          <Route
            path="/admin/imports"
            element={<ImportScreen client={client} account={account} />}
          />
          <Route path="/admin/demand" element={<DemandScreen client={client} />} />
          {/* Admins only: for other roles these addresses name no screen. */}
          {account.role === 'admin' ? (
            <Route path="/admin/keys" element={<KeysScreen client={client} />} />
          ) : null}
          {account.role === 'admin' ? (
            <Route path="/admin/webhooks" element={<WebhooksScreen client={client} />} />
          ) : null}
          <Route path="*" element={<NotFoundScreen />} />
        </Routes>
      </Suspense>
    </ConsoleLayout>
  );
}

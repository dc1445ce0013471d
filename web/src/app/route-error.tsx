import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button.tsx';

/** Shown when a screen fails to load (e.g. a new deploy replaced its chunk) or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="full-screen-message" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p className="muted">{detail}</p>
      <Button onPress={() => window.location.reload()}>Reload</Button>
    </div>
  );
}

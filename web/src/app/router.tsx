import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PRINT_ROUTES, ROUTE_ALIASES, WEB_ROUTES, type PrintRoute, type WebRoute } from '@wh/contracts/auth/routes';
import { FullScreenMessage } from '../components/full-screen-message.tsx';
import { LoginRoute, RequireAuth, RequireRoute, RootRoute, ToDashboard } from './guards.tsx';
import { RouteError } from './route-error.tsx';

type Screen = () => Promise<{ Component: ComponentType }>;

// Every screen is its own chunk, so /login loads only the shell and the login form.
const SCREENS: Record<WebRoute, Screen> = {
  '/dashboard': () => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  '/orders': () => import('../features/orders/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
  '/stock-entry': () =>
    import('../features/receiving/stock-entry-page.tsx').then((m) => ({ Component: m.StockEntryPage })),
  '/stock-approval': () =>
    import('../features/receiving/stock-approval-page.tsx').then((m) => ({ Component: m.StockApprovalPage })),
  '/order-verification': () =>
    import('../features/verification/order-verification-page.tsx').then((m) => ({
      Component: m.OrderVerificationPage,
    })),
  '/picking': () => import('../features/picking/picking-page.tsx').then((m) => ({ Component: m.PickingPage })),
  '/styles': () => import('../features/catalogue/styles-page.tsx').then((m) => ({ Component: m.StylesPage })),
  '/users': () => import('../features/users/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  '/reports': () => import('../features/reports/reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
  '/settings': () => import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  '/inventory': () => import('../features/inventory/inventory-page.tsx').then((m) => ({ Component: m.InventoryPage })),
  '/move-stock': () => import('../features/inventory/move-stock-page.tsx').then((m) => ({ Component: m.MoveStockPage })),
  '/returns': () => import('../features/returns/returns-page.tsx').then((m) => ({ Component: m.ReturnsPage })),
  '/counts': () => import('../features/counts/counts-page.tsx').then((m) => ({ Component: m.CountsPage })),
};

const PRINT_VIEWS: Record<PrintRoute, Screen> = {
  '/print/labels': () =>
    import('../features/settings/labels-print-page.tsx').then((m) => ({ Component: m.LabelsPrintPage })),
  '/print/orders/:id/pick-list': () =>
    import('../features/orders/pick-list-print-page.tsx').then((m) => ({ Component: m.PickListPrintPage })),
  '/print/batches/:id/pick-list': () =>
    import('../features/picking/batch-pick-list-print-page.tsx').then((m) => ({ Component: m.BatchPickListPrintPage })),
  '/print/counts/:id/sheet': () =>
    import('../features/counts/count-sheet-print-page.tsx').then((m) => ({ Component: m.CountSheetPrintPage })),
};

const screenRoutes: RouteObject[] = (Object.keys(WEB_ROUTES) as WebRoute[]).map((route) => ({
  path: route,
  element: <RequireRoute route={route} permission={WEB_ROUTES[route]} />,
  children: [{ index: true, lazy: SCREENS[route] }],
}));

const printRoutes: RouteObject[] = (Object.keys(PRINT_ROUTES) as PrintRoute[]).map((route) => ({
  path: route,
  element: <RequireRoute route={route} permission={PRINT_ROUTES[route]} />,
  children: [{ index: true, lazy: PRINT_VIEWS[route] }],
}));

const aliasRoutes: RouteObject[] = Object.entries(ROUTE_ALIASES).map(([path, to]) => ({
  path,
  element: <Navigate to={to} replace />,
}));

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenMessage>Loading...</FullScreenMessage>,
    children: [
      { path: '/login', element: <LoginRoute /> },
      ...aliasRoutes,
      { element: <RequireAuth />, errorElement: <RouteError />, children: screenRoutes },
      { element: <RequireAuth bare />, errorElement: <RouteError />, children: printRoutes },
      { index: true, element: <ToDashboard /> },
      { path: '*', element: <ToDashboard /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

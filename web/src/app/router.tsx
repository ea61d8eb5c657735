import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { AppErrorBoundary } from '../components/widgets/app-error-boundary';
import type { RouteAccess } from '../lib/access';
import { markPageShown } from '../lib/page-timing';
import { useAnalyticsSession } from '../lib/use-analytics-session';
import { useVisitorTracking } from '../lib/use-visitor-tracking';
import { RequireAccess } from './guards';
import { AppLayout } from './layout';
import type { AuthViewRoute, RouteHandle } from './layout';
import { BlogRoute } from './routes/blog';
// The page of '/', where most visits start, comes with the first load: the first paint shows it, with no
// 'Loading Dashboard...' and no second round trip for its chunk. Every other page loads on first visit.
import { DashboardPage, RegisterPage, SignInPage } from './routes/dashboard';

/** A page component loaded on first visit; `pick` names the export. */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

const NotFoundPage = lazyPage(() => import('./routes/not-found'), (m) => m.NotFoundPage);
const ProfilePage = lazyPage(() => import('../features/auth/components/profile-page'), (m) => m.ProfilePage);
const PortfolioPage = lazyPage(() => import('../features/portfolio/components/portfolio-page'), (m) => m.PortfolioPage);
const PortfolioFixedPage = lazyPage(() => import('../features/portfolio/components/portfolio-fixed-page'), (m) => m.PortfolioFixedPage);
const TechnicalAnalysisPage = lazyPage(() => import('../features/technical/components/technical-analysis-page'), (m) => m.TechnicalAnalysisPage);
const MarketSentimentPage = lazyPage(() => import('../features/sentiment/components/market-sentiment-page'), (m) => m.MarketSentimentPage);
const RiskDetectionPage = lazyPage(() => import('../features/risk/components/risk-detection-page'), (m) => m.RiskDetectionPage);
const DeepInsightsPage = lazyPage(() => import('../features/insights/components/deep-insights-page'), (m) => m.DeepInsightsPage);
const IntelligenceHubPage = lazyPage(() => import('../features/hub/components/intelligence-hub-page'), (m) => m.IntelligenceHubPage);
const UndervaluedAnalyticsPage = lazyPage(
  () => import('../features/undervalued/components/undervalued-analytics-page'),
  (m) => m.UndervaluedAnalyticsPage,
);
const AnalyticsPage = lazyPage(() => import('../features/analytics/components/analytics-page'), (m) => m.AnalyticsPage);
const VisitorAnalyticsPage = lazyPage(() => import('../features/analytics/components/visitor-analytics-page'), (m) => m.VisitorAnalyticsPage);
const AiPredictionsPage = lazyPage(() => import('../features/prediction/components/ai-predictions-page'), (m) => m.AiPredictionsPage);
const AiNewsPage = lazyPage(() => import('../features/news/components/ai-news-page'), (m) => m.AiNewsPage);
const ChatPage = lazyPage(() => import('../features/chat/components/chat-page'), (m) => m.ChatPage);
const AboutPage = lazyPage(() => import('../features/about/components/about-page'), (m) => m.AboutPage);
const PremiumPage = lazyPage(() => import('../features/premium/components/premium-page'), (m) => m.PremiumPage);
const AdminPage = lazyPage(() => import('../features/admin/components/admin-page'), (m) => m.AdminPage);
const PaymentSuccessPage = lazyPage(() => import('../features/payment/components/payment-success-page'), (m) => m.PaymentSuccessPage);
const PaymentFailurePage = lazyPage(() => import('../features/payment/components/payment-failure-page'), (m) => m.PaymentFailurePage);

/** One route of section 2: its path, who may open it, the name in 'Loading {name}...', and the page. */
export type PageRoute = {
  path: string;
  access: RouteAccess;
  name: string;
  Page: ComponentType;
  handle?: RouteHandle;
};

const signIn: RouteHandle = { authView: 'signin' };
const register: RouteHandle = { authView: 'register' };

/** Every route of section 2, in its order (the 404 page follows them). */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', access: 'open', name: 'Dashboard', Page: DashboardPage },
  { path: '/dashboard', access: 'open', name: 'Dashboard', Page: DashboardPage },
  { path: '/portfolio', access: 'user', name: 'Portfolio', Page: PortfolioPage },
  { path: '/portfolio-fixed', access: 'open', name: 'Portfolio Overview', Page: PortfolioFixedPage },
  { path: '/technical-analysis', access: 'open', name: 'Technical Analysis', Page: TechnicalAnalysisPage },
  { path: '/market-sentiment', access: 'open', name: 'Market Sentiment', Page: MarketSentimentPage },
  { path: '/risk-detection', access: 'open', name: 'Risk Detection', Page: RiskDetectionPage },
  { path: '/deep-insights', access: 'open', name: 'Deep Insights', Page: DeepInsightsPage },
  { path: '/multi-agent', access: 'open', name: 'Intelligence Hub', Page: IntelligenceHubPage },
  { path: '/undervalued-analytics', access: 'user', name: 'Undervalued Analytics', Page: UndervaluedAnalyticsPage },
  { path: '/analytics', access: 'admin', name: 'Analytics', Page: AnalyticsPage },
  { path: '/ai-predictions', access: 'open', name: 'TrendVision', Page: AiPredictionsPage },
  { path: '/ai-news', access: 'open', name: 'AI News', Page: AiNewsPage },
  { path: '/chat', access: 'open', name: 'Chat', Page: ChatPage },
  { path: '/blog', access: 'open', name: 'Blog', Page: BlogRoute },
  { path: '/about', access: 'open', name: 'About Us', Page: AboutPage },
  { path: '/premium', access: 'open', name: 'Premium', Page: PremiumPage },
  { path: '/profile', access: 'user', name: 'Profile', Page: ProfilePage },
  { path: '/admin', access: 'admin', name: 'Admin', Page: AdminPage },
  { path: '/admin/visitor-analytics', access: 'admin', name: 'Visitor Analytics', Page: VisitorAnalyticsPage },
  { path: '/payment/success', access: 'open', name: 'Payment', Page: PaymentSuccessPage },
  { path: '/payment/failure', access: 'open', name: 'Payment', Page: PaymentFailurePage },
  // The same login/registration screen, over the dashboard.
  { path: '/login', access: 'open', name: 'Sign in', Page: SignInPage, handle: signIn },
  { path: '/register', access: 'open', name: 'Create account', Page: RegisterPage, handle: register },
];

/** Rendered beside a page inside its Suspense boundary, so it mounts when the page shows: a route change's end. */
function PageShown() {
  const { pathname } = useLocation();
  useEffect(() => markPageShown(pathname), [pathname]);
  return null;
}

/** A lazily loaded page with its 'Loading {page}...' fallback. */
const page = (Page: ComponentType, name: string) => (
  <Suspense fallback={<PageLoading page={name} />}>
    <Page />
    <PageShown />
  </Suspense>
);

const toRoute = ({ path, name, Page, handle }: PageRoute): RouteObject =>
  path === '/' ? { index: true, element: page(Page, name) } : { path: path.slice(1), element: page(Page, name), handle };

const withAccess = (access: RouteAccess) => PAGE_ROUTES.filter((route) => route.access === access).map(toRoute);

const AUTH_VIEW_ROUTES: readonly AuthViewRoute[] = PAGE_ROUTES.flatMap(({ path, handle }) =>
  handle?.authView ? [{ path, view: handle.authView }] : [],
);

export const routes: RouteObject[] = [
  {
    // A render error in the shell shows the app's own error screen (a page's error keeps the shell: see AppLayout).
    element: (
      <AppErrorBoundary>
        <AppLayout authViewRoutes={AUTH_VIEW_ROUTES} />
      </AppErrorBoundary>
    ),
    children: [
      ...withAccess('open'),
      // A blog post's own page, under the open /blog route of section 2.
      { path: 'blog/:slug', element: page(BlogRoute, 'Blog') },
      { element: <RequireAccess access="user" />, children: withAccess('user') },
      { element: <RequireAccess access="admin" />, children: withAccess('admin') },
      { path: '*', element: page(NotFoundPage, 'page') },
    ],
  },
];

/**
 * The app's routes under a <BrowserRouter>: React Router's declarative mode. The app has no loaders or
 * actions, and this mode leaves the data router (18 kB gzipped) out of the first load. Visitor tracking and
 * opt-in analytics follow the browser's routes from here (tests that render `routes` in memory send neither).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useVisitorTracking(pathname);
  useAnalyticsSession(pathname);
  return useRoutes(routes);
}

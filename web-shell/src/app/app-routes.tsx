import { lazy } from 'react';
import { Route, Routes } from '@clima/router';
import { AppShell } from '../features/layout/components/app-shell';

// Every screen is its own chunk: the first load carries only the shell.
const loadCourseHome = () => import('../features/courses/components/course-home-page');
const loadContents = () => import('../features/contents/components/contents-page');
const loadManuals = () => import('../features/manuals/components/manuals-page');
const CourseHomePage = lazy(loadCourseHome);
const CourseCategoryPage = lazy(() => import('../features/courses/components/course-category-page'));
const CoursePage = lazy(() => import('../features/courses/components/course-page'));
const ContentsPage = lazy(loadContents);
const ContentPage = lazy(() => import('../features/contents/components/content-page'));
const RankingPage = lazy(() => import('../features/ranking/components/ranking-page'));
const ManualsPage = lazy(loadManuals);
// the PDF viewer (and pdf.js, which it loads on demand) only when a manual is opened
const ManualViewerPage = lazy(() => import('../features/manuals/viewer/manual-viewer-page'));
const SubscriptionPage = lazy(() => import('../features/subscription/components/subscription-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
// the field tools (issue 29): computed on the device, so the page works offline like every precached screen
const ToolsPage = lazy(() => import('../features/tools/components/tools-page'));
const AuthCallbackPage = lazy(() => import('../features/auth/components/auth-callback-page'));
const AdminRemoteRoute = lazy(() => import('../features/admin/components/admin-remote-route'));
const ResetPasswordPage = lazy(() => import('../features/recovery/components/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/recovery/components/verify-email-page'));
// the public verification page of a certificate (the QR code on the PDF leads here)
const CertificateVerifyPage = lazy(() => import('../features/certificates/components/certificate-verify-page'));
// 'Meus downloads' (issue 28): the videos kept on this device, which open offline like every precached screen
const DownloadsPage = lazy(() => import('../features/downloads/downloads-page'));
const AccessibilityPage = lazy(() => import('../features/accessibility/components/accessibility-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** The screens a visit most often starts on, by path. */
const LANDING_SCREENS: Record<string, () => Promise<unknown>> = { '/': loadCourseHome, '/contents': loadContents, '/manuals': loadManuals };

/**
 * Requests the chunk of the screen the visit starts on as soon as the app's code runs (main.tsx), in
 * parallel with React's first render instead of after it. The lazy route then finds it loaded or loading.
 */
export function preloadLandingScreen(pathname: string): void {
  // a failure shows when the route itself imports it (its error boundary)
  LANDING_SCREENS[pathname]?.().catch(() => undefined);
}

/** The route table of spec 2.1 (plus the federated admin panel under /admin). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      {/* full screen, outside the shell: the page gets the phone's whole height */}
      <Route path="/manuals/:id" element={<ManualViewerPage />} />
      <Route path="/admin/*" element={<AdminRemoteRoute />} />
      {/* outside the shell: a clean, printable page for whoever checks a certificate, signed in or not */}
      <Route path="/certificados/:code" element={<CertificateVerifyPage />} />
      <Route element={<AppShell />}>
        <Route index element={<CourseHomePage />} />
        <Route path="contents" element={<ContentsPage />} />
        <Route path="content/:id" element={<ContentPage />} />
        <Route path="course-category/:slug" element={<CourseCategoryPage />} />
        <Route path="course/:id" element={<CoursePage />} />
        <Route path="ranking" element={<RankingPage />} />
        <Route path="manuals" element={<ManualsPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="ferramentas" element={<ToolsPage />} />
        <Route path="downloads" element={<DownloadsPage />} />
        {/* the pages the account e-mails link to (issue 14) */}
        <Route path="redefinir-senha" element={<ResetPasswordPage />} />
        <Route path="verificar-email" element={<VerifyEmailPage />} />
        {/* the accessibility statement the footer links to (issue 25) */}
        <Route path="acessibilidade" element={<AccessibilityPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

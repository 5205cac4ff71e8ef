import { lazy } from 'react';
import { Route, Routes } from '@clima/router';
import { AppShell } from '../features/layout/components/app-shell';

// Every screen is its own chunk: the first load carries only the shell.
const CourseHomePage = lazy(() => import('../features/courses/components/course-home-page'));
const CourseCategoryPage = lazy(() => import('../features/courses/components/course-category-page'));
const CoursePage = lazy(() => import('../features/courses/components/course-page'));
const ContentsPage = lazy(() => import('../features/contents/components/contents-page'));
const ContentPage = lazy(() => import('../features/contents/components/content-page'));
const RankingPage = lazy(() => import('../features/ranking/components/ranking-page'));
const ManualsPage = lazy(() => import('../features/manuals/components/manuals-page'));
const SubscriptionPage = lazy(() => import('../features/subscription/components/subscription-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const AuthCallbackPage = lazy(() => import('../features/auth/components/auth-callback-page'));
const AdminRemoteRoute = lazy(() => import('../features/admin/components/admin-remote-route'));
const ResetPasswordPage = lazy(() => import('../features/recovery/components/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/recovery/components/verify-email-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** The route table of spec 2.1 (plus the federated admin panel under /admin). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route path="/admin/*" element={<AdminRemoteRoute />} />
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
        {/* the pages the account e-mails link to (issue 14) */}
        <Route path="redefinir-senha" element={<ResetPasswordPage />} />
        <Route path="verificar-email" element={<VerifyEmailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

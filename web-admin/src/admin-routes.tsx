import { Navigate, Route, Routes } from '@clima/router';
import { AdministratorsPage } from './features/administrators/components/administrators-page';
import { AdminLoginPage } from './features/auth/components/admin-login-page';
import { DashboardPage } from './features/dashboard/components/dashboard-page';
import { SectionFramePage } from './features/frames/components/section-frame-page';
import { AdminLayout } from './features/layout/components/admin-layout';
import { UsersPage } from './features/users/components/users-page';

/** Routes relative to the host's /admin/* route (spec 2.14). */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="contents" element={<SectionFramePage section="contents" />} />
        <Route path="categories" element={<SectionFramePage section="categories" />} />
        <Route path="course-categories" element={<SectionFramePage section="courseCategories" />} />
        <Route path="courses" element={<SectionFramePage section="courses" />} />
        <Route path="manuals" element={<SectionFramePage section="manuals" />} />
        <Route path="administrators" element={<AdministratorsPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

import { Navigate, Route, Routes } from '@clima/router';
import { AdministratorsPage } from './features/administrators/components/administrators-page';
import { AuditPage } from './features/audit/components/audit-page';
import { CertificatesPage } from './features/certificates/components/certificates-page';
import { AdminLoginPage } from './features/auth/components/admin-login-page';
import { CourseCategoriesPage } from './features/course-categories/components/course-categories-page';
import { CourseEditorPage } from './features/courses/components/course-editor-page';
import { CoursesPage } from './features/courses/components/courses-page';
import { CategoriesPage } from './features/categories/components/categories-page';
import { ContentsPage } from './features/contents/components/contents-page';
import { DashboardPage } from './features/dashboard/components/dashboard-page';
import { AdminLayout } from './features/layout/components/admin-layout';
import { ManualsPage } from './features/manuals/components/manuals-page';
import { UnansweredQuestionsPage } from './features/lesson-questions/unanswered-questions-page';
import { UsersPage } from './features/users/components/users-page';

/** Routes relative to the host's /admin/* route (spec 2.14). */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="contents" element={<ContentsPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="course-categories" element={<CourseCategoriesPage />} />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="courses/:courseId" element={<CourseEditorPage />} />
        <Route path="manuals" element={<ManualsPage />} />
        <Route path="administrators" element={<AdministratorsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="certificates" element={<CertificatesPage />} />
        <Route path="duvidas" element={<UnansweredQuestionsPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

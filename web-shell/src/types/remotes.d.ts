/** The admin panel exposed by web-admin (module federation remote `clima_admin`). */
declare module 'clima_admin/AdminApp' {
  import type { ComponentType } from 'react';
  const AdminApp: ComponentType;
  export default AdminApp;
}

/**
 * The web apps import routing only from here. Module federation shares this module as one singleton
 * between the shell and the admin remote; react-router itself would be bundled whole (server parts and
 * all) when shared directly, so sharing this narrow surface keeps the first load small. A name the apps
 * need goes here first (the lint rule forbids importing react-router directly).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { NavigateFunction, NavLinkProps, LinkProps } from 'react-router';

import { Link, NavLink } from "react-router-dom";
import { useAuth } from "../lib/session.tsx";
import { useNotifications } from "../features/chat/index.ts";
import { PageMenu } from "./PageMenu.tsx";
import { Wordmark } from "../components/Wordmark.tsx";

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link is-active" : "nav-link");

function PublicNav() {
  return (
    <nav className="site-nav" aria-label="main">
      <NavLink to="/" end className={navClass} data-testid="nav-home">
        home
      </NavLink>
      <NavLink to="/preview" className={navClass} data-testid="nav-about">
        about
      </NavLink>
      <NavLink to="/login" className={navClass} data-testid="nav-login">
        login
      </NavLink>
    </nav>
  );
}

function SignedInNav() {
  const { userId } = useAuth();
  const { notificationCount } = useNotifications();
  const to = (path: string) => (userId ? path : "/login");
  return (
    <nav className="site-nav" aria-label="main">
      <NavLink to={to("/home")} end className={navClass} data-testid="nav-home">
        home
      </NavLink>
      <NavLink to={to("/home/chat")} className={navClass} data-testid="nav-chat">
        chat
        {notificationCount > 0 && (
          <span className="badge" data-testid="chat-badge" aria-label={`${notificationCount} unread`}>
            [{notificationCount}]
          </span>
        )}
      </NavLink>
      <NavLink to={to("/home/find")} className={navClass} data-testid="nav-find">
        find
      </NavLink>
      <NavLink to={to("/home/tune")} className={navClass} data-testid="nav-tune">
        tune
      </NavLink>
      <PageMenu />
    </nav>
  );
}

export function Header() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <header className={isAuthenticated ? "site-header site-header--signed-in" : "site-header"}>
      <div className="site-header__inner">
        <Link to={isAuthenticated ? "/home" : "/"} className="site-header__brand" aria-label="graph home">
          <Wordmark />
        </Link>
        {isLoading ? null : isAuthenticated ? <SignedInNav /> : <PublicNav />}
      </div>
    </header>
  );
}

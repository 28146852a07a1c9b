import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { nodeCountQuery } from "../api.ts";
import "./profile-tab.css";

/** The tab's header line: the username (a link to the public page) and the node count. */
export function ProfileHeader({ userId, username }: { userId: string; username: string }) {
  const count = useQuery(nodeCountQuery(userId));
  return (
    <header className="tune-profile__header" data-testid="profile-header">
      <h2 className="tune-section__title">
        <Link to={`/${username}`} className="text-link" data-testid="profile-header-username">
          {username}
        </Link>
      </h2>
      <p className="tune-profile__count">
        <span data-testid="profile-node-count">
          {typeof count.data?.likeCount === "number"
            ? `${count.data.likeCount} node${count.data.likeCount === 1 ? "" : "s"}`
            : "\u00a0"}
        </span>
        {/* "node" is graph's word: said where the count shows. */}
        {typeof count.data?.likeCount === "number" && (
          <span data-testid="node-explained"> — articles you added to your graph</span>
        )}
      </p>
    </header>
  );
}

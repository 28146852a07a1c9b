import { useState } from "react";
import { Link } from "react-router-dom";
import type { Conversation } from "./types.ts";
import { conversationTitle, membersShown, otherMembers } from "./chat.ts";
import { profilePath } from "../find/index.ts";
import "./chat.css";

function BackToInbox({ narrow, onBack }: { narrow: boolean; onBack: () => void }) {
  if (!narrow) return null;
  return (
    <button type="button" className="button button--ghost chat-header__back" onClick={onBack} data-testid="chat-back">
      ← inbox
    </button>
  );
}

interface ConversationHeaderProps {
  me: string;
  conversation: Conversation;
  isBot: boolean;
  narrow: boolean;
  onBack: () => void;
}

/** The open conversation's name; a group names 4 of its members (2 on a phone) with '+N more' to show all. */
export function ConversationHeader({ me, conversation, isBot, narrow, onBack }: ConversationHeaderProps) {
  const [expanded, setExpanded] = useState(false);
  const others = otherMembers(conversation, me);
  const { shown, more } = membersShown(others, narrow, expanded);
  const title = conversationTitle(conversation, me);
  return (
    <header className="chat-header" data-testid="chat-header">
      <BackToInbox narrow={narrow} onBack={onBack} />
      <div className="chat-header__text">
        <h2 className={`chat-header__title${isBot ? " chat-name--bot" : ""}`} data-testid="chat-title">
          {title}
        </h2>
        {isBot ? (
          <p className="chat-header__note fine-print">graph's bot · say 'help' to see what it can do</p>
        ) : conversation.is_group ? (
          <ul className="chat-members" aria-label="members" data-testid="chat-members">
            {shown.map((member) => (
              <li key={member.id} className="chat-members__item">
                <Link to={profilePath(member.username)} className="text-link">
                  {member.username}
                </Link>
              </li>
            ))}
            {more > 0 && (
              <li className="chat-members__item">
                <button
                  type="button"
                  className="chat-members__more"
                  aria-expanded={false}
                  onClick={() => setExpanded(true)}
                  data-testid="chat-members-more"
                >
                  +{more} more
                </button>
              </li>
            )}
            {expanded && others.length > membersShown(others, narrow, false).shown.length && (
              <li className="chat-members__item">
                <button
                  type="button"
                  className="chat-members__more"
                  aria-expanded={true}
                  onClick={() => setExpanded(false)}
                >
                  show fewer
                </button>
              </li>
            )}
          </ul>
        ) : (
          others[0] && (
            <p className="chat-header__note fine-print">
              <Link to={profilePath(others[0].username)} className="text-link">
                see profile
              </Link>
            </p>
          )
        )}
      </div>
    </header>
  );
}

/** A conversation about to be made by its first message. */
export function PendingHeader({ username, narrow, onBack }: { username: string; narrow: boolean; onBack: () => void }) {
  return (
    <header className="chat-header" data-testid="chat-header">
      <BackToInbox narrow={narrow} onBack={onBack} />
      <div className="chat-header__text">
        <h2 className="chat-header__title" data-testid="chat-title">
          {username || "new message"}
        </h2>
        <p className="chat-header__note fine-print">new conversation · your first message starts it</p>
      </div>
    </header>
  );
}

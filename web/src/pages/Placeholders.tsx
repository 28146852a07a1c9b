import { Link } from "react-router-dom";
import { Placeholder } from "../components/ComingSoon.tsx";

export function ChatPage() {
  return (
    <Placeholder name="chat">
      <p>direct and group messages.</p>
    </Placeholder>
  );
}

export function UpgradePage() {
  return (
    <Placeholder name="upgrade">
      <p>
        free, pro and org plans. until then, <Link to="/home/feedback">tell us</Link> what you'd pay for.
      </p>
    </Placeholder>
  );
}

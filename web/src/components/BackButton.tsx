import { useNavigate } from "react-router-dom";

/** Goes to the previous page when there is one in this tab's history, else to /home. */
export function BackButton() {
  const navigate = useNavigate();
  const onClick = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === "number" && state.idx > 0) navigate(-1);
    else navigate("/home");
  };
  return (
    <button type="button" className="button button--ghost back-button" onClick={onClick} data-testid="back-button">
      ← back
    </button>
  );
}

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface NotificationContextValue {
  notificationCount: number;
  setNotificationCount: (count: number) => void;
}

const NotificationContext = createContext<NotificationContextValue | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notificationCount, setNotificationCount] = useState(0);
  const value = useMemo(() => ({ notificationCount, setNotificationCount }), [notificationCount]);
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

export function useNotifications(): NotificationContextValue {
  const value = useContext(NotificationContext);
  if (!value) throw new Error("useNotifications must be used inside NotificationProvider");
  return value;
}

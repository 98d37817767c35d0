import type { ReactNode } from "react";

export const Empty = ({ children }: { children: ReactNode }) => (
  <div className="alert alert-warning" role="status">
    {children}
  </div>
);

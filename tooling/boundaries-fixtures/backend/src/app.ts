// Allowed: app.ts, the composition root, wires the features together.
import "./features/orders/checkout";
// Violates backend-never-imports-web.
import "../../web/src/lib/api";

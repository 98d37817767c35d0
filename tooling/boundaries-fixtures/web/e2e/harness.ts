// Allowed: the browser tests start the product through the backend test harness.
import "../../backend/test/product";
// Violates browser-tests-only-through-the-backend-test-harness.
import "../../projections/src/lessons";

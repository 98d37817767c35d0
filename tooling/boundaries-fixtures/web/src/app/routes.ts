// Allowed: app/ composes the features.
import "../features/b/y";

// Allowed: a feature's own modules import each other.
import "./levels";

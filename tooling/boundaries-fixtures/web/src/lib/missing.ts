// Violates no-unresolvable: there is no such file.
import "./nowhere";

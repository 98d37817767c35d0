// Violates no-circular, with cycle-two.ts.
import "./cycle-two";

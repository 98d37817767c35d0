import { createHash, randomBytes } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { hash, verify } from "@node-rs/argon2";

/** Passwords are stored only as argon2id hashes (OWASP's recommended parameters). */
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

/** Told of every password hash verified (nothing is sent while nobody listens): the work a request did, countable. */
export const PASSWORD_VERIFIED = "el:password-verified";
const verified = channel(PASSWORD_VERIFIED);

export const verifyPassword = async (passwordHash: string, password: string) => {
  if (verified.hasSubscribers) verified.publish({});
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// Verified against when the login is unknown, so a wrong login costs the same time as a wrong password.
const decoy = hashPassword(randomBytes(16).toString("hex"));
export const verifyDecoy = async (password: string) => {
  await verifyPassword(await decoy, password);
  return false;
};

/** A one-time key for e-mail links: the key goes in the e-mail, only its digest is stored. */
export const newSecretKey = () => {
  const key = randomBytes(32).toString("base64url");
  return { key, digest: digestOf(key) };
};

export const digestOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** A password nobody knows, for accounts created without one (the owner sets theirs by a reset). */
export const unguessablePassword = () => randomBytes(24).toString("base64url");

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../config";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = "vapid-keys.json";
const loaded = new WeakMap<Config, Promise<VapidKeys>>();

/** The pair kept in `dataDir`, or a new one written there; of two processes writing at once, the first wins. */
const keptPair = async (dataDir: string): Promise<{ publicKey: string; privateKey: string }> => {
  const file = path.join(dataDir, FILE);
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const pair = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, JSON.stringify(pair), { flag: "wx", mode: 0o600 });
    return pair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(await readFile(file, "utf8"));
  }
};

/**
 * The VAPID keys notifications are signed with: the configured pair, or the one generated at the first start
 * and kept in `DATA_DIR` (a browser's subscription is bound to the public key: a new pair would silence every
 * phone subscribed). Several instances must share one pair: they set `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`.
 */
export const vapidKeysOf = (config: Config): Promise<VapidKeys> => {
  let keys = loaded.get(config);
  if (!keys) {
    const { publicKey, privateKey, subject } = config.vapid;
    keys = (publicKey && privateKey ? Promise.resolve({ publicKey, privateKey }) : keptPair(config.dataDir)).then(
      (pair) => ({ ...pair, subject }),
    );
    loaded.set(config, keys);
  }
  return keys;
};

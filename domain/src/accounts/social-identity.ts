import type { StreamKey } from "../shared/streams";
import { streamKind } from "../shared/streams";
import { type SocialIdentity, SocialProvider } from "./account";
import { reservationDecider, reservationEventSchemas } from "./reservation";

/**
 * A provider's identity belongs to one account at most. Like an e-mail, it is claimed in a stream of its
 * own, `social-identity-{provider}:{subject}`, appended with the link: of two accounts racing to link one
 * identity exactly one holds it. The stream is also how a returning person's account is found.
 */
const identityKey: StreamKey<SocialIdentity> = {
  format: ({ provider, subject }) => `${provider}:${subject}`,
  parse: (text) => {
    const separator = text.indexOf(":");
    const provider = SocialProvider.safeParse(text.slice(0, separator));
    const subject = text.slice(separator + 1);
    return separator > 0 && provider.success && subject !== "" ? { provider: provider.data, subject } : undefined;
  },
};

export const socialIdentityStreams = streamKind("social-identity", reservationEventSchemas, identityKey);

export const socialIdentityErrors = {
  /** The identity already signs another account in. */
  linkedElsewhere: "error.social.linkedElsewhere",
} as const;

export const socialIdentityDecider = reservationDecider(socialIdentityErrors.linkedElsewhere, "provider");

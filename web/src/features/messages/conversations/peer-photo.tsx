import type { ConversationPeer } from "@el/domain/messages/message-contracts";
import { photoSrc } from "../../../lib/teachers/teacher-profile";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** The other party's photo, or their initials; beside their name, so it says nothing more to a screen reader. */
export const PeerPhoto = ({ peer, size }: { peer: ConversationPeer; size: number }) =>
  peer.photoUrl ? (
    <img className="peer-photo" src={photoSrc(peer.photoUrl)} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="peer-photo peer-photo-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(peer.name)}
    </span>
  );

// A profile's presence (issue 16): a green dot and "Online", or "Active 5 minutes ago" in quieter
// type. The words say it, so colour is never the only sign. Shared by the server's views and the
// islands (cards in the likes inbox, the chat header), each translating with its own t().
import type { PresenceView } from '../../types/presence.js';

export function PresenceBadge({ presence, label, className = '' }: { presence: PresenceView; label: string; className?: string }) {
  return (
    <span className={`presence presence--${presence.state} ${className}`.trim()} data-presence={presence.state}>
      {presence.state === 'online' && <span className="presence__dot" aria-hidden="true" />}
      <span className="presence__text">{label}</span>
    </span>
  );
}

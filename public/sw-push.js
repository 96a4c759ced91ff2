// Push service worker (registered from /sw-push.js?v=2, SPEC.md §7): shows the notification the
// server sent (types/notifications.ts PushPayload: title, a short line, a path, an icon, a tag, the
// badge count), sets the app badge, and on a click focuses a tab of the site or opens the path.
// Links leave the site never: only same-origin paths are opened.
const FALLBACK_PATH = '/members';

/** The payload's path as a URL on this site, or the members page for anything else. */
function sitePath(path) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return new URL(FALLBACK_PATH, self.location.origin).href;
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL(FALLBACK_PATH, self.location.origin).href;
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

/** Unread messages plus new likes (SPEC.md §2) on the installed app's icon, where the browser has badges. */
function setBadge(count) {
  const nav = self.navigator;
  if (typeof count !== 'number' || !nav || !('setAppBadge' in nav)) return Promise.resolve();
  return (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

self.addEventListener('push', (event) => {
  const data = readPayload(event);
  const title = typeof data.title === 'string' && data.title ? data.title : self.location.host;
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: typeof data.icon === 'string' && data.icon ? data.icon : '/icons/icon-192.png',
    badge: '/icons/badge-72.png',
    data: { url: sitePath(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag) options.tag = data.tag;
  event.waitUntil(Promise.all([self.registration.showNotification(title, options), setBadge(data.badge)]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sitePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      const mine = clients.filter((c) => new URL(c.url).origin === self.location.origin);
      const exact = mine.find((c) => c.url === url);
      if (exact) return exact.focus();
      const tab = mine.find((c) => 'navigate' in c);
      if (tab) {
        const focused = await tab.focus();
        return (focused || tab).navigate(url).catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    }),
  );
});

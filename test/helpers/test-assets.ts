// A manifest shaped like the one `vite build` writes, so integration tests resolve island scripts
// through the production code path without building the client first.
import { assetsFromManifest } from '../../server/render/assets.js';

export const TEST_MANIFEST = {
  'islands/client.ts': {
    file: 'assets/client-abc123.js',
    isEntry: true,
    imports: ['_runtime-def456.js'],
    dynamicImports: [
      'islands/signup-modal.island.tsx', 'islands/signup-page.island.tsx',
      'islands/photo-gallery.island.tsx', 'islands/like-button.island.tsx', 'islands/match-modal.island.tsx',
      'islands/likes-inbox.island.tsx', 'islands/swipe-game.island.tsx', 'islands/live-badges.island.tsx',
      'islands/chat-pane.island.tsx', 'islands/payment-status.island.tsx', 'islands/time-bonus-countdown.island.tsx',
      'islands/welcome-offer-countdown.island.tsx', 'islands/push-prompt.island.tsx',
      'islands/back-button.island.tsx', 'islands/activation-modal.island.tsx', 'islands/locate-me.island.tsx',
    ],
  },
  '_runtime-def456.js': { file: 'assets/runtime-def456.js' },
  'islands/signup-modal.island.tsx': { file: 'assets/signup-modal-1a2b3c.js', imports: ['_runtime-def456.js', '_wizard-4d5e6f.js'] },
  'islands/signup-page.island.tsx': { file: 'assets/signup-page-7a8b9c.js', imports: ['_runtime-def456.js', '_wizard-4d5e6f.js'] },
  '_wizard-4d5e6f.js': { file: 'assets/wizard-4d5e6f.js' },
  'islands/photo-gallery.island.tsx': { file: 'assets/photo-gallery-a1a1a1.js', imports: ['_runtime-def456.js'] },
  'islands/like-button.island.tsx': { file: 'assets/like-button-b2b2b2.js', imports: ['_runtime-def456.js', '_match-modal-c3c3c3.js'] },
  'islands/match-modal.island.tsx': { file: 'assets/match-modal-d4d4d4.js', imports: ['_runtime-def456.js', '_match-modal-c3c3c3.js'] },
  'islands/likes-inbox.island.tsx': { file: 'assets/likes-inbox-e5e5e5.js', imports: ['_runtime-def456.js', '_match-modal-c3c3c3.js'] },
  'islands/swipe-game.island.tsx': { file: 'assets/swipe-game-f6f6f6.js', imports: ['_runtime-def456.js', '_match-modal-c3c3c3.js'] },
  '_match-modal-c3c3c3.js': { file: 'assets/match-modal-c3c3c3.js' },
  'islands/live-badges.island.tsx': { file: 'assets/live-badges-0a1b2c.js', imports: ['_runtime-def456.js'] },
  // Like the real build: React in the shared vendor chunk, the islands' runtime in the bootstrap.
  'islands/chat-pane.island.tsx': { file: 'assets/chat-pane-9c8b7a.js', imports: ['_runtime-def456.js', 'islands/client.ts'] },
  'islands/payment-status.island.tsx': { file: 'assets/payment-status-5e5e5e.js', imports: ['_runtime-def456.js'] },
  'islands/time-bonus-countdown.island.tsx': { file: 'assets/time-bonus-countdown-6f6f6f.js', imports: ['_runtime-def456.js'] },
  'islands/welcome-offer-countdown.island.tsx': { file: 'assets/welcome-offer-countdown-7a7a7a.js', imports: ['_runtime-def456.js'] },
  'islands/push-prompt.island.tsx': { file: 'assets/push-prompt-8b8b8b.js', imports: ['_runtime-def456.js'] },
  'islands/back-button.island.tsx': { file: 'assets/back-button-9c9c9c.js', imports: ['_runtime-def456.js'] },
  'islands/activation-modal.island.tsx': { file: 'assets/activation-modal-1d1d1d.js', imports: ['_runtime-def456.js'] },
  'islands/locate-me.island.tsx': { file: 'assets/locate-me-0d0d0d.js', imports: ['_runtime-def456.js'] },
  'views/styles/site.css': { file: 'assets/site-0f0f0f.css', isEntry: true },
};

export function testAssets() {
  return assetsFromManifest(TEST_MANIFEST);
}

// The five layouts of SPEC.md §2, by name.
import type { ComponentType, ReactNode } from 'react';
import { ChatLayout } from './chat-layout.js';
import { DefaultLayout } from './default-layout.js';
import { EmptyLayout } from './empty-layout.js';
import { ErrorLayout } from './error-layout.js';
import { LanderLayout } from './lander-layout.js';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'error';

export const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
  error: ErrorLayout,
};

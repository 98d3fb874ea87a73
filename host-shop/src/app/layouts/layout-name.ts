import type { Site } from '../site.ts';

/** The six layouts of §2, by shop mode and (for the consumer and business shops) the home page. */
export type LayoutName =
  | 'default'
  | 'home'
  | 'b2bwidget-default'
  | 'b2bwidget-home'
  | 'agan-default'
  | 'aganwidget-default';

/** The layout of a page: home pages of the consumer and business shops have their own. */
export function layoutName(site: Site, isHome: boolean): LayoutName {
  switch (site.shopMode) {
    case 'default':
      return isHome ? 'home' : 'default';
    case 'b2bWidget':
      return isHome ? 'b2bwidget-home' : 'b2bwidget-default';
    case 'agan':
      return 'agan-default';
    case 'aganwidget':
      return 'aganwidget-default';
  }
}

import { useCallback, useState } from 'react';

/** Collapsed below 768 px, expanded above; crossing the breakpoint resets the user's choice. */
export const useSidebarCollapse = (mobile: boolean) => {
  const [state, setState] = useState({ mobile, collapsed: mobile });
  if (state.mobile !== mobile) setState({ mobile, collapsed: mobile });
  const collapsed = state.mobile === mobile ? state.collapsed : mobile;
  const setCollapsed = useCallback((next: boolean) => setState({ mobile, collapsed: next }), [mobile]);
  return [collapsed, setCollapsed] as const;
};

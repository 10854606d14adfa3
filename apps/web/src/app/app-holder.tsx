import { App } from 'antd';
// antd's own type, not feedback.tsx's alias of it: feedback.tsx loads this file.
import type { useAppProps as AppApi } from 'antd/es/app/context';
import { useEffect } from 'react';

/** antd's App without a box of its own: its holders, whose API goes to LazyApp (feedback.tsx). */
export default function AppHolder({ onReady }: { onReady: (api: AppApi) => void }) {
  return (
    <App component={false}>
      <HandOver onReady={onReady} />
    </App>
  );
}

function HandOver({ onReady }: { onReady: (api: AppApi) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

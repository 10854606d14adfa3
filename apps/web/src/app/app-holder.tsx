import { App } from 'antd';
import { useEffect } from 'react';
import type { AppApi } from './feedback';

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

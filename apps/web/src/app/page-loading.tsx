import { Flex, Spin } from 'antd';

/** Shown while the session or a page chunk loads. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} data-testid="page-loading">
      <Spin size="large" />
    </Flex>
  );
}

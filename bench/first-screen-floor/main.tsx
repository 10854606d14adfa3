import { Button } from 'antd';
import { createRoot } from 'react-dom/client';

/** The floor of the first-screen benchmark: the least a React + antd page ships (bench/first-screen.ts). */
const root = document.getElementById('root');
if (root) createRoot(root).render(<Button type="primary">Floor</Button>);

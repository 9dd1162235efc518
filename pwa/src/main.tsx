import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';
import { startApp } from './app/start.ts';
import { UpdatePrompt } from './components/update-prompt.tsx';
import './styles.css';

startApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouter />
    {/* Global, outside the routes: offered on every screen, and still there if a route fails. */}
    <UpdatePrompt />
  </StrictMode>,
);

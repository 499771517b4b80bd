import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlaceholderApp } from './placeholder-app.tsx';
import './placeholder.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlaceholderApp />
    </StrictMode>,
  );
}

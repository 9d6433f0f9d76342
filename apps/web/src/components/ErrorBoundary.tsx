import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to render instead of the failed subtree. */
  fallback: ReactNode;
  /** Called once per caught error (logging, analytics). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

/** Catches rendering failures below it (PRODUCT.md#error-screen). Give it a `key` to reset it. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

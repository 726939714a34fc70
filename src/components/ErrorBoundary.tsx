import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Renders the fallback for a caught error; `reset` tries rendering the children again. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
  /** Changing this value clears the error (for example the current path). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  key: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Screen failed:', error.name, error.message, info.componentStack?.split('\n')[1]?.trim());
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}

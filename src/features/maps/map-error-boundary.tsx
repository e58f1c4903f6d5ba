import { Component, type ReactNode } from 'react';

/** A map that cannot run (no WebGL, MapLibre failed to load) shows `fallback` instead of breaking its screen. */
export class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  render() {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}

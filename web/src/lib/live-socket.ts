import { useEffect, useRef } from 'react';
import { atom, useSetAtom } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import {
  LIVE_CLOSE_SIGNED_OUT,
  LIVE_CLOSE_UNAUTHORIZED,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@wh/contracts/platform/live';
import { API_BASE } from './api-client.ts';
import { SESSION_EXPIRED_MESSAGE } from './api-errors.ts';
import { invalidateForTopics, reconnectDelay, touchesUser, type LiveKeys } from './live-topics.ts';
import { noteReadAfter } from './read-after.ts';
import { appStore, clearSessionAtom } from './session.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';
export const liveStatusAtom = atom<LiveStatus>('connecting');

// Nothing heard for this long (the server sends heartbeats) means the socket is dead even if not closed.
const SILENCE_LIMIT_MS = 75_000;

function liveUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${API_BASE}/live`;
}

interface LiveOptions {
  token: string;
  userId: number;
  queryClient: QueryClient;
  /** What each topic covers: the features' mappings, composed by the app. */
  liveKeys: LiveKeys;
  onOwnUserChanged: () => void;
}

/**
 * One live connection per signed-in session. A `changed` push invalidates the queries its topics cover (every
 * query for `*`); after a reconnect every query is refetched, since changes may have been missed while offline.
 */
export function useLiveUpdates({ token, userId, queryClient, liveKeys, onOwnUserChanged }: LiveOptions): void {
  const setStatus = useSetAtom(liveStatusAtom);
  const onOwnUserChangedRef = useRef(onOwnUserChanged);
  onOwnUserChangedRef.current = onOwnUserChanged;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let silenceTimer: ReturnType<typeof setTimeout> | undefined;

    const send = (message: LiveClientMessage) => socket?.send(JSON.stringify(message));

    const armSilenceTimer = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => socket?.close(), SILENCE_LIMIT_MS);
    };

    const connect = () => {
      if (stopped) return;
      setStatus('connecting');
      socket = new WebSocket(liveUrl());
      socket.addEventListener('open', () => {
        send({ type: 'auth', token });
        armSilenceTimer();
      });
      socket.addEventListener('message', (event) => {
        armSilenceTimer();
        let message: LiveServerMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveServerMessage;
        } catch {
          return;
        }
        if (message.type === 'ready') {
          // Also on the first ready: a change between a screen's first fetch and the subscription was not pushed.
          void queryClient.invalidateQueries();
          attempt = 0;
          setStatus('live');
        } else if (message.type === 'changed') {
          // Before the refetches it causes, so that they ask for data at least this recent.
          noteReadAfter(message.read_after);
          invalidateForTopics(queryClient, liveKeys, message.topics);
          if (touchesUser(message.topics, userId)) onOwnUserChangedRef.current();
        }
      });
      socket.addEventListener('close', (event) => {
        clearTimeout(silenceTimer);
        socket = null;
        if (stopped) return;
        setStatus('offline');
        if (event.code === LIVE_CLOSE_UNAUTHORIZED || event.code === LIVE_CLOSE_SIGNED_OUT) {
          // The server no longer accepts this token: the session is over.
          appStore.set(clearSessionAtom, SESSION_EXPIRED_MESSAGE);
          return;
        }
        // A server that stops (1012) sends its sockets elsewhere: back at once, and `ready` refetches what was missed.
        reconnectTimer = setTimeout(connect, reconnectDelay(attempt++, event.code));
      });
    };

    // Deferred a tick: React's StrictMode mounts, unmounts and mounts again, which would open and abort a socket.
    reconnectTimer = setTimeout(connect, 0);
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearTimeout(silenceTimer);
      socket?.close(1000, 'signed out');
      setStatus('connecting');
    };
  }, [token, userId, queryClient, liveKeys, setStatus]);
}

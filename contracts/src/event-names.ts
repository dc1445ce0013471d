import type { EventType } from './event-registry.ts';

// What each event is called on the screens (the audit log, the dashboard's Recent Activity, a stock ledger): one name
// per type, in words. A Record over every type the registry holds, so a new event type without words is a type error.
export const EVENT_NAMES: Record<EventType, string> = {
  OrderImported: 'Order imported',
  OrderAssigned: 'Order assigned',
  OrderDeassigned: 'Order deassigned',
  OrderCancelled: 'Order cancelled',
  OrderItemPicked: 'Item picked',
  OrderItemShortPicked: 'Item picked short',
  OrderItemPickUndone: 'Pick undone',
  OrderCompleted: 'Order completed',
  OrderVerified: 'Order verified',
  OrderHeld: 'Order held',
  OrderSentBack: 'Order sent back to its picker',
  OrderHoldResolved: 'Hold resolved',
  StockMoved: 'Stock moved',
  ReturnReceived: 'Return received',
  ReturnMatched: 'Return matched to its order',
  ReturnRestocked: 'Return restocked',
  ReturnWrittenOff: 'Return written off',
  CountTaskCreated: 'Count created',
  CountTaskAssigned: 'Count assigned',
  LocationCounted: 'Location counted',
  CountApproved: 'Count approved',
  CountSentBack: 'Count sent back',
  SkuBarcodesAdded: 'Barcodes added',
  SkuBarcodeRemoved: 'Barcode removed',
  BatchCreated: 'Batch created',
  BatchCompleted: 'Batch completed',
  LocationCreated: 'Location created',
  LocationCapacityChanged: 'Location capacity changed',
  LocationGenderChanged: 'Jean rack gender changed',
  LocationDeactivated: 'Location deactivated',
  LocationReactivated: 'Location reactivated',
  LocationWalkSequenceSet: 'Walk order set',
  InventoryAdjusted: 'Inventory adjusted',
  StockReceiptRecorded: 'Stock received',
  StockReceiptApproved: 'Stock approved',
  StockReceiptRejected: 'Stock rejected',
  BinStockCounted: 'Bin allocation counted',
  StyleCreated: 'Style created',
  StyleUpdated: 'Style updated',
  StyleVariantsAdded: 'Sizes or colours added',
  UserCreated: 'User created',
  UserUpdated: 'User updated',
  UserActivated: 'User activated',
  UserDeactivated: 'User deactivated',
  PasswordChanged: 'Password changed',
  UserDeleted: 'User deleted',
  UserRestored: 'User restored',
  UserSignedIn: 'Signed in',
  UserSignedOut: 'Signed out',
  ScanLocationFirstSet: 'Scan-location-first setting changed',
  CountSettingsSet: 'Count settings changed',
};

const isEventType = (type: string): type is EventType => Object.hasOwn(EVENT_NAMES, type);

/** The event's name in words; a type this release does not know (a newer one's) is split into words. */
export function eventName(type: string): string {
  if (isEventType(type)) return EVENT_NAMES[type];
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

import { batch, signal } from '@preact/signals-react';
import { POINTS_PAGE_SIZE, type PointsEntry } from '../../api/points.contract';
import { studioApi } from '../services/http';
import { user } from './session';

/** The 积分 dialog of the user menu: balance and the paged ledger, newest first. */
export const pointsDialogOpen = signal(false);
export const pointsEntries = signal<PointsEntry[]>([]);
export const pointsCount = signal(0);
export const pointsPage = signal(1);
export const pointsLoading = signal(false);

/** Loads one page of the ledger; the balance it answers also refreshes the menu's number. */
export async function loadPoints(pageIndex = pointsPage.value): Promise<void> {
  pointsLoading.value = true;
  try {
    const data = (await studioApi.pointsLedger(pageIndex, POINTS_PAGE_SIZE)).data!;
    batch(() => {
      pointsEntries.value = data.list;
      pointsCount.value = data.count;
      pointsPage.value = pageIndex;
      if (user.value && user.value.points !== data.balance)
        user.value = { ...user.value, points: data.balance };
    });
  } catch {
    // The client has shown the message.
  } finally {
    pointsLoading.value = false;
  }
}

export function openPointsDialog(): void {
  pointsDialogOpen.value = true;
  void loadPoints(1);
}

export function closePointsDialog(): void {
  pointsDialogOpen.value = false;
}

import { DEFAULT_RELAY_CHANNELS } from '../terminal/compartment-mapping';
import type { ClusterEboxSequence } from './enums';

/** A compartment position of a module model, as generateCompartiments reads it. */
export type ModulePosition = {
  /** Position in the module, counted from 1 at the top. */
  staticNumber: number;
  pcd: boolean;
  layout: { code: string; width: number; height: number; depth: number };
};

/** One module of a locker, left to right, with its positions and the board it is wired to. */
export type LockerModule = { boardNumber: number | null; positions: ModulePosition[] };

export type PlannedCompartiment = {
  number: number;
  boardNumber: number;
  numberInColumn: number;
  comNumber: number;
  size: string;
  width: number;
  height: number;
  depth: number;
  pcd: boolean;
  /** Which module (0 = leftmost) the compartment is in, for the locker's picture. */
  moduleIndex: number;
};

/**
 * The compartments of a locker built from its modules (spec 7.4 generateCompartiments).
 * Numbers follow the cluster link's sequence (spec 4.1): RL/LR walks the modules right to left or
 * left to right, TB/BT each module's positions top to bottom or bottom to top, starting at
 * `startNumber`. The wiring does not follow the numbering: each board's channels (comNumber) count
 * from 1 in physical order, left to right and top to bottom, as the relay boards are cabled; the
 * channel is the one printed on the board (CH1 = 1, Open-Locker's address 0: addressOfChannel).
 * A board has `channelsPerBoard` channels (8 unless the locker says): once its module's board is
 * full, a compartment goes on the next board with a free channel, so a generated locker never asks
 * a relay board for a channel it does not have (the device would refuse the whole configuration).
 */
export function planCompartiments(
  modules: LockerModule[],
  options: { sequence: ClusterEboxSequence; startNumber: number; defaultBoardNumber: number; channelsPerBoard?: number },
): PlannedCompartiment[] {
  const channelsPerBoard = options.channelsPerBoard ?? DEFAULT_RELAY_CHANNELS;
  const columns = modules.map((module, moduleIndex) => {
    const boardNumber = module.boardNumber ?? options.defaultBoardNumber;
    const positions = [...module.positions].sort((a, b) => a.staticNumber - b.staticNumber);
    return positions.map((position, index) => ({ position, moduleIndex, boardNumber, numberInColumn: index + 1 }));
  });
  // Channels in physical order, per board; a full board passes its compartments on to the next one.
  const wiring = new Map<string, { boardNumber: number; channel: number }>();
  const usedChannels = new Map<number, number>();
  for (const column of columns) {
    for (const cell of column) {
      let boardNumber = cell.boardNumber;
      while ((usedChannels.get(boardNumber) ?? 0) >= channelsPerBoard) boardNumber += 1;
      const channel = (usedChannels.get(boardNumber) ?? 0) + 1;
      usedChannels.set(boardNumber, channel);
      wiring.set(`${cell.moduleIndex}:${cell.numberInColumn}`, { boardNumber, channel });
    }
  }
  const [across, down] = options.sequence.split('-') as ['RL' | 'LR', 'TB' | 'BT'];
  const ordered = across === 'LR' ? columns : [...columns].reverse();
  const planned: PlannedCompartiment[] = [];
  for (const column of ordered) {
    const cells = down === 'TB' ? column : [...column].reverse();
    for (const cell of cells) {
      const wired = wiring.get(`${cell.moduleIndex}:${cell.numberInColumn}`) ?? { boardNumber: cell.boardNumber, channel: 1 };
      planned.push({
        number: options.startNumber + planned.length,
        boardNumber: wired.boardNumber,
        numberInColumn: cell.numberInColumn,
        comNumber: wired.channel,
        size: cell.position.layout.code,
        width: cell.position.layout.width,
        height: cell.position.layout.height,
        depth: cell.position.layout.depth,
        pcd: cell.position.pcd,
        moduleIndex: cell.moduleIndex,
      });
    }
  }
  return planned;
}

// The play boards by game name, shared by lessons and rules diagrams (the same components as a
// game page).
import type { ComponentType } from 'preact';
import { TogyzBoard } from '../boards/togyz';
import { TojmotBoard } from '../boards/tojmot';
import { GoBoard } from '../boards/capgo';
import type { BoardProps } from '../boards/types';

export const LEARN_BOARDS: Record<string, ComponentType<BoardProps>> = { togyz: TogyzBoard, tojmot: TojmotBoard, capgo: GoBoard };

// The rules of each game for learners, written from ../shared/rules/*.md (the law of the
// project) in the four UI languages. Diagrams are lesson steps: real positions the server draws
// and checks (data/lessons/).
import type { Texts } from './learn_api';
import rules from './rules_content.json';
import type { DiagramRef } from './rules_diagram';

// A piece's move in words and a picture (piece_moves.ts: `kind`), `label` drawn on the piece.
export interface PieceMovesEntry {
  kind: string;
  label: string;
  text: Texts;
}
export interface RulesSection {
  heading: Texts;
  points: Texts[];
  diagram?: DiagramRef;
  pieces?: PieceMovesEntry[];
}
export interface RulesDoc {
  title: Texts;
  summary: Texts;
  sections: RulesSection[];
}

// The texts themselves are data: rules_content.json, by game.
export const RULES: Record<string, RulesDoc> = rules;

// The analysis channel (/ws/analysis): the engine's lines for positions of a game, for the
// analysis panel.
import { openSocket } from '../common/socket';

export interface AnalysisLine {
  id: string | number;
  done?: boolean;
  score: number;
  score_first: number;
  win_chance_first?: number;  // the first side's chance to win (0..1), from the game's curve
  mate?: number;
  depth: number;
  pv: string[];
  pv_text?: string[];   // the line in the move list's notation
  bestmove?: string;
  status?: 'ongoing' | 'finished';
  engine?: string;
  error?: string;
  code?: string;
}

// One analysis request: the game's start and the moves up to the position to analyse (the
// server replays them), never a position text per ply.
export interface AnalysisRequest {
  id: string;
  game: string;
  rules: string;
  position: string;
  moves: string[];
  movetime: number;
}

// The analysis channel: requests go out with ids, lines come back tagged with them.
export class AnalysisChannel {
  private handlers = new Map<string, (l: AnalysisLine) => void>();
  private socket = openSocket('/ws/analysis', {
    message: (msg) => {
      const line = msg as AnalysisLine;
      this.handlers.get(String(line.id))?.(line);
    },
  });
  async analyse(req: AnalysisRequest, onLine: (l: AnalysisLine) => void): Promise<AnalysisLine> {
    await this.socket.whenOpen();
    return new Promise((resolve) => {
      this.handlers.set(req.id, (l) => {
        onLine(l);
        if (l.done || l.error) {
          this.handlers.delete(req.id);
          resolve(l);
        }
      });
      this.socket.send(req);
    });
  }
  // Stops the search of request `id` (its last line still comes, with "done").
  stop(id: string) {
    this.socket.send({ id, action: 'terminate' });
  }
  close() {
    this.socket.close();
  }
}

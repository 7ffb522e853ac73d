#pragma once
// Every error the server can answer carries one of these codes ({"error": English text,
// "code": ..., "params": {...}}), and every end of a game that is not the rules' own carries one
// of kServerEndCodes; front ends translate them. /api/meta lists both, so the web's tests can
// check that each has a text in every language.
#include <array>
#include <string_view>

namespace oyin::server {

inline constexpr auto kErrorCodes = std::to_array<std::string_view>({
    "bad_json",       "not_an_object",   "field_type",     "too_large",        "too_deep",
    "unknown_game",   "bad_mode",        "bad_level",      "bad_color",        "bad_rules",
    "bad_position",   "bad_movetime",    "bad_number",     "no_such_game",     "game_over",
    "not_your_turn",  "no_seat",         "missing_move",   "illegal_move",     "review_game",
    "undo_online",    "nothing_to_undo", "undo_finished",  "bad_record",       "no_game_in_record",
    "record_index",   "too_many_requests", "analysis_busy", "server_error",    "not_found",
    "method_not_allowed", "headers_too_large", "bad_range", "bad_request", "unknown_message",
    "duplicate_id",
    // the game base and explorer
    "no_such_base_game", "bad_result",
    // lessons
    "no_such_lesson", "no_such_step",
    // the puzzle trainer
    "no_such_puzzle", "no_matching_puzzle", "bad_moves", "bad_rating",
    // clocks
    "bad_clock", "claim_not_allowed", "claim_too_early",
    // at the table
    "chat_not_allowed", "chat_empty", "chat_too_long", "chat_rate_limited", "rematch_not_allowed",
    "analysis_in_play", "rule_out_of_range",

    // the lobby (not_signed_in is the accounts' code too)
    "no_such_seek", "seek_taken", "own_seek", "no_such_challenge", "not_your_challenge", "challenge_self",
    "seek_expired", "too_many_seeks", "too_many_challenges", "too_many_sockets",

    // accounts and ratings
    "bad_username", "username_taken", "username_mixed_scripts", "username_confusable", "weak_password",
    "bad_credentials", "not_signed_in", "too_many_attempts",
    "too_many_sign_ups", "server_busy",
    "bad_rated", "same_player", "undo_rated", "no_such_player", "bad_speed",

    // what one client may have stored in a short time
    "too_many_games", "too_many_imports", "too_many_spectators",

    // games played in the browser and uploaded to the account
    "bad_upload_key", "too_many_moves", "game_not_over", "result_contradicted", "bad_played_at", "too_many_uploads",

    // game reviews: a finished game's analysis by the queue's workers
    "game_in_play", "bad_depth", "bad_nodes", "depth_or_nodes", "too_many_analyses", "no_analysis",

    // several instances: another one changed the game at the same moment (after one retry)
    "stale_game",

    // fair play: blocks, reports, moderators, mutes, closed accounts, pairing bans
    "blocked", "block_self", "report_self", "bad_reason", "no_such_chat_line", "too_many_reports", "not_moderator",
    "no_such_report", "moderator_target", "account_closed", "muted", "chat_blocked", "playban",

    // tournaments
    "bad_format", "bad_name", "bad_time", "too_many_tournaments", "no_such_tournament", "wrong_tournament_password",
    "tournament_closed", "tournament_full", "not_in_tournament", "not_your_tournament", "tournament_started",
    "too_few_players", "no_trf", "berserk_not_allowed", "not_arena",

    // the HTTP edge: a state change from another origin (CSRF), a path or query that is not text
    "bad_origin", "bad_utf8"});

// Ends that come from the players or the record rather than the rules of the game.
inline constexpr std::array<std::string_view, 6> kServerEndCodes = {"resign", "agreement", "recorded",
                                                                   "time", "aborted", "abandoned"};

}  // namespace oyin::server

# frozen_string_literal: true

# Tresham's driver for 18xx.games's own engine, used as an oracle: it loads
# an 18xx.games export (1860 or 1825) with the engine of a checkout of
# tobymao/18xx and prints one line of JSON describing the state reached.
#
#   ruby replay.rb [--mode live|load] ENGINE_REPO EXPORT.json
#
# ENGINE_REPO is the checkout (its lib/engine is loaded; nothing else of the
# site). --mode load builds the game from all its actions at once, as the
# site opens a stored game. --mode live (the default) sends the actions one
# at a time as the site's server takes a live move: each without its
# auto_actions, the engine making the automatic (programmed) moves itself
# (stamped with the time of the move that triggered them);
# those are then compared with the ones the export recorded (type, entity,
# shares, corporation, until_condition; a program_disable's reason text is
# not compared), and the first action refused or whose automatic moves
# differ is reported as "error".
#
# Only the standard library is needed: the engine's one outside gem,
# require_all, is replaced by require_rel below.

require 'json'

# require_rel loads every .rb file under the given paths (relative to the
# calling file), retrying those that stop on a constant another file defines.
module Kernel
  def require_rel(*paths)
    base = File.dirname(caller_locations(1, 1)[0].absolute_path)
    pending = paths.flat_map do |p|
      full = File.expand_path(p, base)
      if File.directory?(full)
        Dir.glob(File.join(full, '**', '*.rb'))
      else
        [full.end_with?('.rb') ? full : "#{full}.rb"]
      end
    end.sort
    until pending.empty?
      failed = pending.reject do |f|
        require f
        true
      rescue NameError
        false
      end
      raise LoadError, "require_rel: cannot load #{failed.first}" if failed.size == pending.size

      pending = failed
    end
    true
  end
end
$LOADED_FEATURES << 'require_all.rb'

# OracleClock stands in for the wall clock while a live action is processed:
# the automatic moves the engine makes are stamped with the time of the move
# that triggered them, as the site's page stamps them when that move is made
# (the engine orders a program it made against other moves by these stamps).
module OracleClock
  class << self
    attr_accessor :at
  end
end

class << Time
  alias_method :oracle_wall_now, :now
  def now
    OracleClock.at ? Time.at(OracleClock.at) : oracle_wall_now
  end
end

mode = 'live'
args = ARGV.dup
if args[0] == '--mode'
  args.shift
  mode = args.shift
end
abort 'usage: replay.rb [--mode live|load] ENGINE_REPO EXPORT.json' unless args.size == 2 && %w[live load].include?(mode)
repo, path = args

engine = File.join(repo, 'lib', 'engine')
# (a checkout of an earlier year lacks some of these files)
%w[debug deep_freeze jaro_winkler logger].each do |f|
  file = File.join(engine, f)
  require file if File.exist?("#{file}.rb")
end
Engine::Logger.set_level(Logger::FATAL) if defined?(Engine::Logger)
require File.join(engine, 'game', 'base')
TITLES = { '1860' => 'g_1860', '1825' => 'g_1825' }.freeze

data = JSON.parse(File.read(path))
dir = TITLES[data['title']] or abort "replay.rb: title #{data['title'].inspect} is not 1860 or 1825"
require_rel File.join(engine, 'game', "#{dir}.rb"), File.join(engine, 'game', dir)
klass = Engine::Game.const_get(dir.delete('_').upcase).const_get(:Game)

names = data['players'].to_h { |p| [p['id'] || p['name'], p['name']] }
settings = data['settings'] || {}
kwargs = {
  id: data['id'] || 0,
  optional_rules: settings['optional_rules'] || data['optional_rules'] || [],
}
# the seed, where the engine of the checkout takes one (not in 2021's)
kwargs[:seed] = settings['seed'] if klass.instance_method(:initialize).parameters.any? { |_, n| n == :seed }

# brief is what the comparison reads of an automatic move.
def brief(h)
  out = [h['type'], h['entity'].to_s]
  out << (h['shares'] || []).join(',') if h['shares']
  out << h['corporation'].to_s if h['corporation']
  out << h['until_condition'].to_s if h.key?('until_condition')
  out.join(' ')
end

error = nil
processed = 0
if mode == 'load'
  game = klass.new(names, actions: data['actions'], **kwargs)
  processed = game.raw_actions.size
  error = { 'message' => game.exception.to_s, 'action' => game.broken_action&.id } if game.exception
else
  game = klass.new(names, actions: [], **kwargs)
  # the actions the game is made of: those undone (and the undos) left out
  live = Engine::Game::Base.filtered_actions(data['actions']).first.compact
  live.each do |raw|
    next if raw['type'] == 'message'

    sent = raw.reject { |k, _| %w[auto_actions id].include?(k) }
    OracleClock.at = raw['created_at']
    game = game.process_action(sent, add_auto_actions: true)
    OracleClock.at = nil
    if game.exception
      error = { 'action' => raw['id'], 'type' => raw['type'], 'message' => game.exception.to_s }
      break
    end
    processed += 1
    made = (game.raw_actions.last || {}).fetch('auto_actions', []).map { |a| brief(a) }
    want = (raw['auto_actions'] || []).map { |a| brief(a) }
    next if made == want

    error = { 'action' => raw['id'], 'type' => raw['type'], 'message' => 'automatic moves differ',
              'engine_auto' => made, 'export_auto' => want }
    break
  end
end

def holder_id(e)
  return nil unless e

  e.respond_to?(:player?) && e.player? ? e.id : e.id.to_s
end

round = game.round
state = {
  'mode' => mode,
  'processed' => processed,
  'error' => error,
  'finished' => game.finished,
  'result' => game.finished ? game.result.transform_keys(&:to_s) : nil,
  'game_end_reason' => game.finished ? game.game_end_reason&.to_s : nil,
  'round' => round.class.name.split('::').last,
  'turn' => game.turn,
  'round_num' => round.round_num,
  'phase' => game.phase.name,
  'bank_cash' => game.bank.cash,
  'acting' => game.finished ? [] : game.active_players_id,
  'players' => game.players.map do |p|
    {
      'id' => p.id,
      'cash' => p.cash,
      'shares' => p.shares_by_corporation.to_h { |c, s| [c.name, s.sum(&:percent)] }.reject { |_, v| v.zero? },
      'companies' => p.companies.map(&:sym).sort,
    }
  end,
  'corporations' => game.corporations.map do |c|
    {
      'sym' => c.name,
      'cash' => c.cash,
      'share_price' => c.share_price&.price,
      'floated' => c.floated?,
      'president' => c.owner&.player? ? c.owner.id : nil,
      'trains' => c.trains.map(&:id),
      'market_percent' => game.share_pool.percent_of(c),
    }
  end,
  'programs' => game.programmed_actions.to_h { |e, list| [e.id.to_s, list.map(&:type)] }.reject { |_, v| v.empty? },
}
puts JSON.generate(state)

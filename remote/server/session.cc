#include "remote/server/session.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>

namespace aclsim::remote {

namespace asio = boost::asio;
using boost::system::error_code;
using std::chrono::milliseconds;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr size_t kFirstChunkBytes = 64u << 10;  // first allocation of a payload
constexpr size_t kReadChunkBytes = 1u << 20;    // bytes zero-filled ahead of one read
constexpr size_t kKeptBytes = 1u << 20;         // a payload buffer up to this size is kept between requests

milliseconds Remaining(SteadyClock::time_point deadline) {
  return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - SteadyClock::now()));
}

}  // namespace

Session::Session(int family, int protocol, int fd, std::vector<std::unique_ptr<device::Device>>& devices,
                 const ServerOptions& options, Counters& counters, uint64_t number)
    : socket_(io_),
      frames_(devices, options, counters, number),
      handshake_deadline_(SteadyClock::now() + options.handshake_timeout),
      interrupt_([this] { return PeerGone(); }) {
  error_code ec;
  socket_.assign(asio::generic::stream_protocol(family, protocol), fd, ec);
  if (ec) ::close(fd);
}

void Session::Start() {
  thread_ = std::thread([this] {
    Serve();
    done_.store(true);
  });
}

void Session::Close() {
  closing_.store(true);
  interrupt_.Interrupt("the server is stopping");
  asio::post(io_, [this] {
    error_code ec;
    socket_.close(ec);
  });
}

void Session::Join() {
  if (thread_.joinable()) thread_.join();
}

template <typename Initiate>
error_code Session::RunOp(Initiate&& initiate, std::optional<std::chrono::milliseconds> timeout) {
  bool finished = false;
  error_code result;
  initiate([&](const error_code& ec, size_t) {
    finished = true;
    result = ec;
  });
  io_.restart();
  if (timeout) {
    io_.run_for(*timeout);
    if (!finished) {
      error_code ignored;
      socket_.close(ignored);
      io_.restart();
      io_.run();
      return asio::error::timed_out;
    }
  } else {
    while (!finished && io_.run_one() > 0) {
    }
  }
  return finished ? result : asio::error::operation_aborted;
}

std::string Session::PeerGone() {
  pollfd p{socket_.native_handle(), POLLRDHUP, 0};
  if (p.fd < 0) return "the connection is closed";
  if (::poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0) return "the client disconnected";
  return {};
}

bool Session::Charge(size_t bytes) {
  const uint64_t max = frames_.options().max_buffered_bytes;
  uint64_t held = frames_.counters().buffered_bytes.load();
  do {
    if (held + bytes > max) {
      frames_.counters().buffer_closes++;
      std::fprintf(stderr,
                   "aclsim-device-server: session %llu: request buffers of all sessions would exceed %llu bytes "
                   "(--max-buffered-bytes); closing the connection\n",
                   static_cast<unsigned long long>(frames_.number()), static_cast<unsigned long long>(max));
      return false;
    }
  } while (!frames_.counters().buffered_bytes.compare_exchange_weak(held, held + bytes));
  charged_ += bytes;
  return true;
}

void Session::Release(bool always) {
  if (!always && payload_.capacity() <= kKeptBytes) return;
  std::vector<uint8_t>().swap(payload_);
  frames_.counters().buffered_bytes -= charged_;
  charged_ = 0;
}

error_code Session::ReadPayload(uint32_t len, SteadyClock::time_point deadline) {
  payload_.clear();
  while (payload_.size() < len) {
    const size_t have = payload_.size();
    if (have == payload_.capacity()) {
      // Grow as the data arrives (at most doubling), never to the declared
      // length up front: a header alone costs nothing.
      const size_t want = std::min<size_t>(len, std::max(kFirstChunkBytes, 2 * payload_.capacity()));
      if (!Charge(want - payload_.capacity())) return asio::error::no_buffer_space;
      payload_.reserve(want);
    }
    const size_t n = std::min({static_cast<size_t>(len), payload_.capacity(), have + kReadChunkBytes}) - have;
    payload_.resize(have + n);
    error_code ec =
        RunOp([&](auto handler) { asio::async_read(socket_, asio::buffer(payload_.data() + have, n), handler); },
              Remaining(deadline));
    if (ec) {
      Log("payload read failed: " + ec.message());
      return ec;
    }
  }
  return {};
}

bool Session::ReadFrame(FrameHeader* out_header) {
  const bool handshaking = !frames_.hello_done();
  auto timed_out = [&] {
    frames_.counters().handshake_timeouts++;
    std::fprintf(stderr, "aclsim-device-server: session %llu: no Hello within %lld ms; closing the connection\n",
                 static_cast<unsigned long long>(frames_.number()),
                 static_cast<long long>(frames_.options().handshake_timeout.count()));
  };
  // Waiting for a request is unbounded once the Hello is answered (a client
  // may keep a device open idle); before, the whole handshake is bounded.
  std::optional<milliseconds> header_bound;
  if (handshaking) header_bound = Remaining(handshake_deadline_);
  std::array<uint8_t, kHeaderBytes> raw{};
  error_code ec = RunOp([&](auto handler) { asio::async_read(socket_, asio::buffer(raw), handler); }, header_bound);
  if (ec) {
    if (handshaking && ec == asio::error::timed_out) {
      timed_out();
    } else {
      Log(ec == asio::error::eof ? "client closed the connection" : "read failed: " + ec.message());
    }
    return false;
  }
  auto header = frames_.CheckHeader(raw.data());
  if (!header.ok()) return false;
  auto deadline = SteadyClock::now() + frames_.options().io_timeout;
  if (handshaking) deadline = std::min(deadline, handshake_deadline_);
  ec = ReadPayload(header->payload_len, deadline);
  if (ec) {
    if (handshaking && ec == asio::error::timed_out) timed_out();
    return false;
  }
  *out_header = *header;
  return true;
}

bool Session::WriteResponse() {
  const ResponseFrame& response = frames_.response();
  if (!response.fits) return false;
  std::array<asio::const_buffer, 3> buffers = {asio::buffer(response.header), asio::buffer(response.prefix.bytes()),
                                               asio::buffer(response.body, response.body_len)};
  error_code ec =
      RunOp([&](auto handler) { asio::async_write(socket_, buffers, handler); }, frames_.options().io_timeout);
  if (ec) {
    Log("write failed: " + ec.message());
    return false;
  }
  return true;
}

void Session::Serve() {
  Log("connected");
  device::ScopedWaitInterrupt interruptible(&interrupt_);
  FrameHeader h;
  while (ReadFrame(&h)) {
    const Status status = frames_.Handle(h, payload_.data());
    Release(false);
    if (frames_.hello_done()) past_hello_.store(true);
    if (!status.ok() && interrupt_.interrupted()) {
      frames_.counters().waits_interrupted++;
      std::fprintf(stderr, "aclsim-device-server: session %llu: %s ended early: %s\n",
                   static_cast<unsigned long long>(frames_.number()), MessageTypeName(h.type),
                   interrupt_.reason().c_str());
      break;
    }
    if (!WriteResponse() || frames_.close_after_reply()) break;
  }
  Cleanup();
}

void Session::Cleanup() {
  // Destroying a stream waits for its work in realtime mode: not any more.
  interrupt_.Interrupt("the session ended");
  Release(true);  // before the close: a client that saw it may count on the budget
  error_code ec;
  socket_.close(ec);
  frames_.End();
}

}  // namespace aclsim::remote

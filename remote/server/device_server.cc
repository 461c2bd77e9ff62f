#include "remote/server/device_server.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <list>
#include <optional>
#include <system_error>
#include <vector>

#include "remote/server/frame_handler.h"
#include "remote/server/session.h"

namespace aclsim::remote {

namespace asio = boost::asio;
using boost::system::error_code;

class DeviceServer::Impl {
 public:
  explicit Impl(const ServerOptions& options) : options_(options), signals_(io_, SIGTERM, SIGINT) {}

  Status Init();
  void Run();
  void Stop() {
    asio::post(io_, [this] { Shutdown(); });
  }
  const std::string& endpoint() const { return endpoint_; }
  ~Impl() {
    if (!unix_path_.empty()) ::unlink(unix_path_.c_str());
  }

 private:
  template <typename Acceptor>
  void Accept(Acceptor& acceptor, int family, int protocol);
  // Unix sockets: whether the peer's uid is the server's or allowed (else logged, counted).
  bool PeerAllowed(int family, int fd);
  void StartSession(int family, int protocol, int fd);
  void Reap(bool all);
  void Shutdown();

  const ServerOptions options_;
  asio::io_context io_;
  asio::signal_set signals_;
  std::optional<asio::local::stream_protocol::acceptor> unix_acceptor_;
  std::optional<asio::ip::tcp::acceptor> tcp_acceptor_;
  std::string endpoint_;
  std::string unix_path_;  // socket file to remove at exit
  std::unique_ptr<HostedDevices> hosted_;
  Counters counters_;
  std::list<std::unique_ptr<Session>> sessions_;  // accessed on the io_ thread only
  uint64_t next_session_ = 1;
  bool stopping_ = false;
};

Status DeviceServer::Impl::Init() {
  ACLSIM_RETURN_IF_ERROR(options_.Validate());
  ACLSIM_ASSIGN_OR_RETURN(Endpoint ep, ParseEndpoint(options_.listen));
  ACLSIM_ASSIGN_OR_RETURN(hosted_, HostedDevices::Create(options_.devices));
  error_code ec;
  if (ep.kind == Endpoint::Kind::kUnix) {
    struct stat st {};
    if (::lstat(ep.path.c_str(), &st) == 0) {
      if (!S_ISSOCK(st.st_mode)) {
        return Status(StatusCode::kInvalidArgument, "listen path " + ep.path + " exists and is not a socket");
      }
      asio::local::stream_protocol::socket probe(io_);
      probe.connect(asio::local::stream_protocol::endpoint(ep.path), ec);
      if (!ec) return Status(StatusCode::kInvalidArgument, "another server is listening on " + ep.path);
      ::unlink(ep.path.c_str());  // stale socket of a dead server
    }
    unix_acceptor_.emplace(io_);
    asio::local::stream_protocol::endpoint bind_ep(ep.path);
    unix_acceptor_->open(bind_ep.protocol(), ec);
    // The socket file is created by bind() with the umask's mode: create it
    // with no permissions at all, then give it exactly socket_mode.
    const mode_t old_umask = ::umask(0777);
    if (!ec) unix_acceptor_->bind(bind_ep, ec);
    ::umask(old_umask);
    if (!ec) unix_path_ = ep.path;
    if (!ec && ::chmod(ep.path.c_str(), static_cast<mode_t>(options_.socket_mode)) != 0) {
      ec = error_code(errno, boost::system::system_category());
    }
    if (!ec) unix_acceptor_->listen(asio::socket_base::max_listen_connections, ec);
  } else {
    tcp_acceptor_.emplace(io_);
    asio::ip::address address = asio::ip::make_address(ep.host, ec);
    if (!ec && !address.is_loopback()) {
      return Status(StatusCode::kInvalidArgument, "refusing to listen on non-loopback address " + ep.host);
    }
    asio::ip::tcp::endpoint bind_ep(address, ep.port);
    if (!ec) tcp_acceptor_->open(bind_ep.protocol(), ec);
    if (!ec) tcp_acceptor_->set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) tcp_acceptor_->bind(bind_ep, ec);
    if (!ec) tcp_acceptor_->listen(asio::socket_base::max_listen_connections, ec);
    if (!ec) ep.port = tcp_acceptor_->local_endpoint(ec).port();
  }
  if (ec) {
    return Status(StatusCode::kInternal, "cannot listen on " + options_.listen + ": " + ec.message());
  }
  endpoint_ = FormatEndpoint(ep);
  return OkStatus();
}

template <typename Acceptor>
void DeviceServer::Impl::Accept(Acceptor& acceptor, int family, int protocol) {
  using Socket = typename Acceptor::protocol_type::socket;
  acceptor.async_accept([this, &acceptor, family, protocol](const error_code& ec, Socket socket) {
    if (stopping_) return;
    if (ec) {
      if (ec == asio::error::operation_aborted) return;
      std::fprintf(stderr, "aclsim-device-server: accept failed: %s\n", ec.message().c_str());
    } else {
      StartSession(family, protocol, socket.release());
    }
    Accept(acceptor, family, protocol);
  });
}

bool DeviceServer::Impl::PeerAllowed(int family, int fd) {
  if (family != AF_UNIX) return true;  // loopback TCP: no peer credentials
  ucred cred{};
  socklen_t len = sizeof(cred);
  if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
    counters_.refused_peers++;
    std::fprintf(stderr, "aclsim-device-server: cannot read a peer's credentials (%s); refusing the connection\n",
                 std::strerror(errno));
    return false;
  }
  if (cred.uid == ::getuid() ||
      std::find(options_.allowed_uids.begin(), options_.allowed_uids.end(), cred.uid) != options_.allowed_uids.end()) {
    return true;
  }
  counters_.refused_peers++;
  std::fprintf(stderr, "aclsim-device-server: refusing a connection from uid %u, pid %d (not allowed; --allow-uid)\n",
               static_cast<unsigned>(cred.uid), static_cast<int>(cred.pid));
  return false;
}

void DeviceServer::Impl::StartSession(int family, int protocol, int fd) {
  Reap(false);
  if (!PeerAllowed(family, fd)) {
    ::close(fd);
    return;
  }
  // Sessions are counted at their Hello (dispatch.cc); here only the
  // connections still in their handshake. When max_handshakes of them wait,
  // the oldest is closed to make room: a real client sends its Hello at
  // once, so idle connections cannot lock it out. Connections being closed
  // still hold a thread, hence the hard limit of twice as many.
  if (counters_.handshaking.load() >= options_.max_handshakes) {
    Session* oldest = nullptr;
    for (auto& s : sessions_) {
      if (s->handshaking()) {
        oldest = s.get();
        break;
      }
    }
    if (oldest == nullptr || counters_.handshaking.load() >= 2 * options_.max_handshakes) {
      counters_.refused_handshakes++;
      std::fprintf(stderr,
                   "aclsim-device-server: %u connections waiting for their Hello already (--max-handshakes); "
                   "refusing a connection\n",
                   counters_.handshaking.load());
      ::close(fd);
      return;
    }
    counters_.evicted_handshakes++;
    std::fprintf(stderr,
                 "aclsim-device-server: %u connections waiting for their Hello (--max-handshakes); closing the "
                 "oldest\n",
                 options_.max_handshakes);
    oldest->Close();
  }
  // Counted as handshaking from here (its FrameHandler) until its Hello.
  sessions_.push_back(
      std::make_unique<Session>(family, protocol, fd, hosted_->devices(), options_, counters_, next_session_++));
  try {
    sessions_.back()->Start();
  } catch (const std::system_error& e) {  // no thread for it: drop this client, keep serving
    counters_.refused_handshakes++;
    std::fprintf(stderr, "aclsim-device-server: cannot start a session thread: %s; refusing a connection\n", e.what());
    sessions_.pop_back();
  }
}

void DeviceServer::Impl::Reap(bool all) {
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (all || (*it)->done()) {
      (*it)->Join();
      it = sessions_.erase(it);
    } else {
      ++it;
    }
  }
}

void DeviceServer::Impl::Shutdown() {
  if (stopping_) return;
  stopping_ = true;
  error_code ec;
  signals_.cancel(ec);
  if (unix_acceptor_) unix_acceptor_->close(ec);
  if (tcp_acceptor_) tcp_acceptor_->close(ec);
  for (auto& s : sessions_) s->Close();
}

void DeviceServer::Impl::Run() {
  signals_.async_wait([this](const error_code& ec, int) {
    if (!ec) Shutdown();
  });
  if (unix_acceptor_) Accept(*unix_acceptor_, AF_UNIX, 0);
  if (tcp_acceptor_) {
    Accept(*tcp_acceptor_, tcp_acceptor_->local_endpoint().protocol().family(), IPPROTO_TCP);
  }
  io_.run();
  Reap(true);
  if (!unix_path_.empty()) {
    ::unlink(unix_path_.c_str());
    unix_path_.clear();
  }
}

DeviceServer::DeviceServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DeviceServer::~DeviceServer() = default;

StatusOr<std::unique_ptr<DeviceServer>> DeviceServer::Create(const ServerOptions& options) {
  auto impl = std::make_unique<Impl>(options);
  ACLSIM_RETURN_IF_ERROR(impl->Init());
  return std::unique_ptr<DeviceServer>(new DeviceServer(std::move(impl)));
}

const std::string& DeviceServer::endpoint() const { return impl_->endpoint(); }
void DeviceServer::Run() { impl_->Run(); }
void DeviceServer::Stop() { impl_->Stop(); }

}  // namespace aclsim::remote

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IEIP3009Token} from "./IEIP3009Token.sol";
import {IERC1271} from "./IERC1271.sol";

/// @title EIP3009Token: a DEVELOPMENT-ONLY stand-in for USDC.
/// @notice Minimal ERC-20 with EIP-3009 transferWithAuthorization whose
/// EIP-712 domain matches USDC on Base ("USD Coin", version "2"). It exists
/// so tests and the local dev chain can settle x402 payments end to end.
///
/// DEV TOKEN ONLY: mint() is open to anyone. Never deploy this to a public
/// network.
///
/// The contract needs no constructor state: name, version and symbol are
/// constants and DOMAIN_SEPARATOR() is computed from block.chainid and
/// address(this) on every call, so the runtime code can be placed at any
/// address (anvil_setCode at the USDC address) and still produce that
/// address's production domain separator.
contract EIP3009Token is IEIP3009Token {
    string public constant override name = "USD Coin";
    string public constant override version = "2";
    string public constant override symbol = "USDC";
    uint8 public constant override decimals = 6;

    /// keccak256("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)")
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH =
        0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267;

    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256(bytes(name));
    bytes32 private constant VERSION_HASH = keccak256(bytes(version));

    bytes4 private constant EIP1271_MAGIC_VALUE = 0x1626ba7e;

    /// Upper bound of a canonical ECDSA s value (secp256k1n / 2), EIP-2.
    uint256 private constant SECP256K1_HALF_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    uint256 public override totalSupply;
    mapping(address account => uint256) public override balanceOf;
    mapping(address authorizer => mapping(bytes32 nonce => bool used)) private _authorizationStates;

    /// @notice Creates `amount` tokens for `to`. Open to anyone: dev funding only.
    function mint(address to, uint256 amount) external {
        require(to != address(0), "EIP3009Token: mint to the zero address");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 value) external override returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() public view override returns (bytes32) {
        return keccak256(abi.encode(EIP712_DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    function authorizationState(address authorizer, bytes32 nonce) external view override returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    /// @notice EIP-3009 transfer with a (v, r, s) signature. Like FiatToken
    /// v2.2 it also accepts an EIP-1271 wallet as `from`: the packed r‖s‖v
    /// is then handed to the wallet's isValidSignature.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external override {
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v));
    }

    /// @notice EIP-3009 transfer with a signature as bytes: 65 bytes r‖s‖v
    /// for an EOA, or whatever the EIP-1271 wallet at `from` accepts.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external override {
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, signature);
    }

    function _transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) private {
        require(block.timestamp > validAfter, "EIP3009Token: authorization is not yet valid");
        require(block.timestamp < validBefore, "EIP3009Token: authorization is expired");
        require(!_authorizationStates[from][nonce], "EIP3009Token: authorization is used");

        bytes32 structHash = keccak256(
            abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce)
        );
        bytes32 digest = keccak256(abi.encodePacked(hex"1901", DOMAIN_SEPARATOR(), structHash));
        require(_isValidSignatureNow(from, digest, signature), "EIP3009Token: invalid signature");

        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
        _transfer(from, to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "EIP3009Token: transfer to the zero address");
        uint256 fromBalance = balanceOf[from];
        require(fromBalance >= value, "EIP3009Token: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = fromBalance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    /// @dev An account with code is asked through EIP-1271; any other
    /// account must have signed with ECDSA.
    function _isValidSignatureNow(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        if (signer.code.length > 0) {
            (bool ok, bytes memory ret) =
                signer.staticcall(abi.encodeCall(IERC1271.isValidSignature, (digest, signature)));
            return ok && ret.length >= 32 && abi.decode(ret, (bytes32)) == bytes32(EIP1271_MAGIC_VALUE);
        }
        return _recover(digest, signature) == signer;
    }

    /// @dev Recovers the signer of a 65-byte r‖s‖v signature. Rejects a
    /// high s (malleable) and any v other than 27 or 28; returns the zero
    /// address for a wrong length or a signature that does not recover, which
    /// never equals a real `from`.
    function _recover(bytes32 digest, bytes memory signature) private pure returns (address) {
        if (signature.length != 65) {
            return address(0);
        }
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        require(uint256(s) <= SECP256K1_HALF_ORDER, "EIP3009Token: invalid signature 's' value");
        require(v == 27 || v == 28, "EIP3009Token: invalid signature 'v' value");
        return ecrecover(digest, v, r, s);
    }
}
